/// Reads the declarations of one Swift file from its tokens: imports, types (with what they adopt) and their
/// properties. Function bodies and other blocks are skipped whole. It reads the regular shapes of declarations
/// and reports a line it cannot read rather than guessing.
struct DeclarationScanner {
    private let tokens: [SourceToken]
    private let source: [Unicode.Scalar]
    private var index = 0
    private var file = ScannedFile()

    private static let typeKeywords: Set = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let modifierWords: Set = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "lazy", "weak",
        "unowned", "nonisolated", "override", "mutating", "nonmutating", "dynamic", "required", "convenience",
        "indirect", "optional", "borrowing", "consuming", "distributed",
    ]
    private static let skippedDeclarations: Set = [
        "func", "init", "deinit", "subscript", "typealias", "associatedtype", "case", "operator", "precedencegroup",
        "macro",
    ]

    /// The declarations in `text`.
    static func scan(_ text: String) throws(ScanProblem) -> ScannedFile {
        var scanner = DeclarationScanner(tokens: try SourceTokenizer.tokens(of: text), source: Array(text.unicodeScalars))
        try scanner.scanMembers(until: scanner.tokens.count, owner: nil, path: [])
        return scanner.file
    }

    private init(tokens: [SourceToken], source: [Unicode.Scalar]) {
        self.tokens = tokens
        self.source = source
    }

    /// Scans the declarations from `index` up to `end`: a file's top level, or the body of the type
    /// `file.types[owner]` (or of an extension, when `owner` is nil and `path` is not empty).
    private mutating func scanMembers(until end: Int, owner: Int?, path: [String]) throws(ScanProblem) {
        var markers: [(marker: TemplateMarker, line: Int)] = []
        var keyMarkers = KeyMarkers()
        var generateMarker: (code: GeneratedCode, line: Int)?
        var modifiers: [String] = []
        func checkNoMarkers() throws(ScanProblem) {
            if let first = markers.first {
                throw ScanProblem(line: first.line, message: "`// template: \(first.marker.rawValue)` belongs directly above a property")
            }
            try keyMarkers.checkNone()
            try checkNoGenerateMarker()
        }
        func checkNoGenerateMarker() throws(ScanProblem) {
            if let marker = generateMarker {
                let kinds = marker.code == .decodable ? "a struct" : "a struct or class"
                throw ScanProblem(line: marker.line, message: "`// generate: \(marker.code.rawValue)` belongs directly above \(kinds)")
            }
        }
        while index < end {
            let token = tokens[index]
            let isTypeKeyword = token.kind == .word && Self.typeKeywords.contains(token.text)
                && !(token.text == "class" && index + 1 < end && isDeclarationStart(tokens[index + 1]))
            if token.kind == .comment {
                if let marker = try Self.marker(in: token) { markers.append((marker, token.line)) }
                if let code = try Self.generateMarker(in: token) { generateMarker = (code, token.line) }
                try keyMarkers.read(token)
                index += 1
            } else if token.isWord("import") && path.isEmpty {
                index += 1
                if index < end, ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(tokens[index].text) {
                    index += 1
                }
                if index < end { file.imports.append(tokens[index].text) }
                skipLine(until: end)
                modifiers = []
            } else if token.kind == .word && token.text.hasPrefix("@") {
                index += 1
                if index < end && tokens[index].isMark("(") && tokens[index].line == token.line { skipBalanced(until: end) }
            } else if token.kind == .word && token.text.hasPrefix("#") {
                skipLine(until: end)
            } else if isTypeKeyword {
                if let first = markers.first {
                    throw ScanProblem(line: first.line, message: "`// template: \(first.marker.rawValue)` belongs directly above a property")
                }
                try keyMarkers.checkNone()
                try scanType(until: end, modifiers: modifiers, path: path, owner: owner, generated: generateMarker)
                generateMarker = nil
                modifiers = []
            } else if token.kind == .word && Self.modifierWords.contains(token.text) {
                modifiers.append(token.text)
                index += 1
                if index < end && tokens[index].isMark("(") { skipBalanced(until: end) }
            } else if token.isWord("var") || token.isWord("let") {
                try checkNoGenerateMarker()
                var property = try scanProperty(until: end, modifiers: modifiers)
                if let owner {
                    property.markers = markers.map(\.marker)
                    property.decode = keyMarkers.decode?.value
                    property.derivedDefault = keyMarkers.derivedDefault?.value
                    keyMarkers = KeyMarkers()
                    file.types[owner].properties.append(property)
                } else if let first = markers.first, !path.isEmpty {
                    throw ScanProblem(
                        line: first.line,
                        message: "`// template: \(first.marker.rawValue)` in an extension: a model's keys are read from its own declaration")
                } else {
                    try checkNoMarkers()
                }
                markers = []
                modifiers = []
            } else if token.kind == .word && Self.skippedDeclarations.contains(token.text) {
                try checkNoMarkers()
                if token.text == "init", let owner { file.types[owner].declaresInit = true }
                skipDeclaration(token.text, until: end)
                modifiers = []
            } else if token.isMark("{") {
                skipBalanced(until: end)
            } else {
                index += 1
            }
        }
        try checkNoMarkers()
    }

    /// Whether `token` starts a member declaration, which makes a `class` before it a modifier (`class func`).
    private func isDeclarationStart(_ token: SourceToken) -> Bool {
        token.kind == .word && (["var", "let", "func", "subscript"].contains(token.text) || Self.modifierWords.contains(token.text))
    }

    /// The marker of a `// template: …` comment, nil for any other comment.
    private static func marker(in token: SourceToken) throws(ScanProblem) -> TemplateMarker? {
        guard token.text.hasPrefix("//"), !token.text.hasPrefix("///") else { return nil }
        let text = token.text.dropFirst(2).drop { $0 == " " }
        guard text.hasPrefix("template:") else { return nil }
        let value = text.dropFirst("template:".count).trimmingSpaces
        guard let marker = TemplateMarker(rawValue: value) else {
            let known = TemplateMarker.allCases.map { "`// template: \($0.rawValue)`" }.joined(separator: ", ")
            throw ScanProblem(line: token.line, message: "unknown marker `// template: \(value)`; known are \(known)")
        }
        return marker
    }

    /// What a `// generate: …` comment asks for, nil for any other comment; an unknown one is an error.
    private static func generateMarker(in token: SourceToken) throws(ScanProblem) -> GeneratedCode? {
        guard let value = markerValue(in: token, named: "generate") else { return nil }
        guard let code = GeneratedCode(rawValue: value) else {
            let known = GeneratedCode.allCases.map { "`// generate: \($0.rawValue)`" }.joined(separator: ", ")
            throw ScanProblem(line: token.line, message: "unknown marker `// generate: \(value)`; known are \(known)")
        }
        return code
    }

    /// The text after `// name:` in a line comment (not a doc comment), or nil.
    fileprivate static func markerValue(in token: SourceToken, named name: String) -> String? {
        guard token.text.hasPrefix("//"), !token.text.hasPrefix("///") else { return nil }
        let text = token.text.dropFirst(2).drop { $0 == " " }
        guard text.hasPrefix(name + ":") else { return nil }
        return text.dropFirst(name.count + 1).trimmingSpaces
    }

    private mutating func scanType(
        until end: Int, modifiers: [String], path: [String], owner: Int?, generated: (code: GeneratedCode, line: Int)?
    ) throws(ScanProblem) {
        let keyword = tokens[index]
        if let generated, keyword.text != "struct" && (keyword.text != "class" || generated.code == .decodable) {
            let kinds = generated.code == .decodable ? "a struct" : "a struct or class"
            throw ScanProblem(line: keyword.line, message: "`// generate: \(generated.code.rawValue)` belongs directly above \(kinds)")
        }
        index += 1
        guard index < end, tokens[index].kind == .word else {
            throw ScanProblem(line: keyword.line, message: "cannot read the name of this \(keyword.text)")
        }
        // A name, or for an extension a dotted name (`extension Details.Field`).
        var nameParts = [tokens[index].text]
        index += 1
        while keyword.text == "extension", index + 1 < end, tokens[index].isMark("."), tokens[index + 1].kind == .word {
            nameParts.append(tokens[index + 1].text)
            index += 2
        }
        // The header up to the body: generic parameters, what the type adopts, a `where` clause.
        var adopted: [String] = []
        var depth = 0
        var inInheritance = false
        var inWhereClause = false
        while index < end, !(depth == 0 && tokens[index].isMark("{")) {
            let token = tokens[index]
            if token.isMark("<") || token.isMark("(") || token.isMark("[") { depth += 1 }
            if token.isMark(">") || token.isMark(")") || token.isMark("]") { depth -= 1 }
            if token.isWord("where") { inWhereClause = true }
            if depth == 0 && token.isMark(":") && !inWhereClause { inInheritance = true }
            if inInheritance && !inWhereClause && token.kind == .word { adopted.append(token.text) }
            index += 1
        }
        guard index < end else { throw ScanProblem(line: keyword.line, message: "cannot find the body of this \(keyword.text)") }
        let bodyEnd = matchingBrace(of: index, until: end)
        index += 1
        if keyword.text == "protocol" {
            index = bodyEnd + 1
            return
        }
        if keyword.text == "enum" && nameParts == ["TemplateKey"] && !path.isEmpty {
            if let owner { file.types[owner].writesKeysByHand = true }
        }
        if keyword.text == "extension" {
            if adopted.contains("TemplateModel") {
                throw ScanProblem(
                    line: keyword.line,
                    message: "declare `TemplateModel` on \(nameParts.joined(separator: "."))'s own declaration, where its properties are")
            }
            try scanMembers(until: bodyEnd, owner: nil, path: nameParts)
        } else {
            let access: String
            if modifiers.contains("public") || modifiers.contains("open") {
                access = "public"
            } else if modifiers.contains("package") {
                access = "package"
            } else if modifiers.contains("private") || modifiers.contains("fileprivate") {
                access = "private"
            } else {
                access = ""
            }
            file.types.append(
                ScannedType(
                    path: path + nameParts, access: access, line: keyword.line, declaresModel: adopted.contains("TemplateModel"),
                    declaresObject: adopted.contains("TemplateObject"), generated: generated?.code))
            try scanMembers(until: bodyEnd, owner: file.types.count - 1, path: path + nameParts)
        }
        index = bodyEnd + 1
    }

    private mutating func scanProperty(until end: Int, modifiers: [String]) throws(ScanProblem) -> ScannedProperty {
        let keyword = tokens[index]
        index += 1
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        let isLet = keyword.text == "let"
        guard index < end, tokens[index].kind == .word else {
            skipLine(until: end)
            return ScannedProperty(name: "", type: nil, isComputed: false, isStatic: isStatic, markers: [], line: keyword.line)
        }
        let name = tokens[index].text
        index += 1
        if index < end && tokens[index].isMark(",") {
            throw ScanProblem(line: keyword.line, message: "declare one property per `\(keyword.text)`, so that each has its own type")
        }
        var type: String?
        if index < end && tokens[index].isMark(":") {
            index += 1
            var text = ""
            var depth = 0
            var lastLine = tokens[index - 1].line
            while index < end {
                let token = tokens[index]
                if depth == 0 && (token.isMark("=") || token.isMark("{") || token.isMark(";") || token.line > lastLine) { break }
                if token.isMark("<") || token.isMark("(") || token.isMark("[") { depth += 1 }
                if token.isMark(">") || token.isMark(")") || token.isMark("]") { depth -= 1 }
                if token.kind == .comment { break }
                text += token.text + (token.isWord("any") || token.isWord("some") ? " " : "")
                lastLine = token.line
                index += 1
            }
            type = text
        }
        var value: String?
        if index < end && tokens[index].isMark("=") {
            let start = index + 1
            skipExpression(until: end)
            value = text(of: start..<index)
        }
        var isComputed = false
        if index < end && tokens[index].isMark("{") {
            let first = index + 1 < end ? tokens[index + 1] : nil
            isComputed = !(first?.isWord("willSet") == true || first?.isWord("didSet") == true)
            skipBalanced(until: end)
        }
        return ScannedProperty(
            name: name, type: type, isComputed: isComputed, isStatic: isStatic, markers: [], line: keyword.line, isLet: isLet,
            value: value)
    }

    /// The source of `tokens[range]` as written, its lines joined by a space.
    private func text(of range: Range<Int>) -> String? {
        guard let first = range.first, range.last! < tokens.count else { return nil }
        let scalars = source[tokens[first].scalars.lowerBound..<tokens[range.last!].scalars.upperBound]
        return String(String.UnicodeScalarView(scalars)).split(separator: "\n").map { $0.trimmingSpaces }.joined(separator: " ")
    }

    /// Skips an initial value: to the end of its last line, past any brackets it opens, and on over lines that
    /// continue it with a leading `.`.
    private mutating func skipExpression(until end: Int) {
        var lastLine = tokens[index].line
        index += 1
        var depth = 0
        while index < end {
            let token = tokens[index]
            if depth == 0 && token.line > lastLine && !token.isMark(".") { return }
            if token.kind == .comment && depth == 0 { return }
            if token.isMark("(") || token.isMark("[") || token.isMark("{") { depth += 1 }
            if token.isMark(")") || token.isMark("]") || token.isMark("}") {
                if depth == 0 { return }
                depth -= 1
            }
            lastLine = token.line
            index += 1
        }
    }

    /// Skips a function, initializer, subscript, alias or enum case: up to and with its body when it has one,
    /// else to the end of its line.
    private mutating func skipDeclaration(_ keyword: String, until end: Int) {
        let hasBody = ["func", "init", "deinit", "subscript"].contains(keyword)
        let line = tokens[index].line
        index += 1
        var depth = 0
        while index < end {
            let token = tokens[index]
            if depth == 0 && token.isMark("{") {
                if hasBody { skipBalanced(until: end) }
                return
            }
            if depth == 0 && !hasBody && token.line > line { return }
            if token.isMark("(") || token.isMark("[") { depth += 1 }
            if token.isMark(")") || token.isMark("]") { depth -= 1 }
            index += 1
        }
    }

    /// Skips the rest of the current token's line.
    private mutating func skipLine(until end: Int) {
        let line = tokens[index].line
        while index < end && tokens[index].line == line { index += 1 }
    }

    /// Skips from an opening bracket to just past the bracket that closes it.
    private mutating func skipBalanced(until end: Int) {
        let closing = ["(": ")", "[": "]", "{": "}"][tokens[index].text] ?? "}"
        let opening = tokens[index].text
        var depth = 0
        repeat {
            if tokens[index].isMark(opening) { depth += 1 }
            if tokens[index].isMark(closing) { depth -= 1 }
            index += 1
        } while depth > 0 && index < end
    }

    /// The index of the `}` that closes the `{` at `start` (or `end` when none does).
    private func matchingBrace(of start: Int, until end: Int) -> Int {
        var depth = 0
        var position = start
        while position < end {
            if tokens[position].isMark("{") { depth += 1 }
            if tokens[position].isMark("}") {
                depth -= 1
                if depth == 0 { return position }
            }
            position += 1
        }
        return end
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}

/// The `// decode: name` and `// default: expression` comments above a property of a type marked
/// `// generate: Decodable`.
private struct KeyMarkers {
    var decode: (value: String, line: Int)?
    var derivedDefault: (value: String, line: Int)?

    mutating func read(_ token: SourceToken) throws(ScanProblem) {
        if let value = DeclarationScanner.markerValue(in: token, named: "decode") {
            guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw ScanProblem(
                    line: token.line, message: "`// decode: \(value)` names no method; write the name of a method of the keyed container alone")
            }
            decode = (value, token.line)
        }
        if let value = DeclarationScanner.markerValue(in: token, named: "default") {
            guard !value.isEmpty else { throw ScanProblem(line: token.line, message: "`// default:` needs an expression") }
            derivedDefault = (value, token.line)
        }
    }

    /// An error when a marker is left over above something that is not a property.
    func checkNone() throws(ScanProblem) {
        if let decode { throw ScanProblem(line: decode.line, message: "`// decode: \(decode.value)` belongs directly above a property") }
        if let derivedDefault {
            throw ScanProblem(line: derivedDefault.line, message: "`// default: \(derivedDefault.value)` belongs directly above a property")
        }
    }
}
