/// A piece of Swift source as the scanner sees it: a word (identifier, keyword, number, `#if`, `@attribute`), a
/// punctuation mark, a string literal, or a `//` comment, with the line it starts on.
struct SourceToken: Equatable {
    enum Kind: Equatable {
        case word
        case mark
        case string
        case comment
    }

    var kind: Kind
    var text: String
    var line: Int
    /// Where it is in the source, in Unicode scalars: an initial value is copied from there as written.
    var scalars: Range<Int> = 0..<0

    func isMark(_ mark: String) -> Bool { kind == .mark && text == mark }
    func isWord(_ word: String) -> Bool { kind == .word && text == word }
}

/// Splits Swift source into tokens. It knows only what keeps braces and brackets balanced: comments (nested
/// block comments too), string literals (multi-line, raw, with interpolations), backticked names and `->`.
struct SourceTokenizer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private(set) var tokens: [SourceToken] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The tokens of `text`, or an error naming the line of an unterminated string or comment.
    static func tokens(of text: String) throws(ScanProblem) -> [SourceToken] {
        var tokenizer = SourceTokenizer(text)
        try tokenizer.run()
        return tokenizer.tokens
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func advance() {
        if scalars[position] == "\n" { line += 1 }
        position += 1
    }

    private mutating func run() throws(ScanProblem) {
        while let scalar = peek() {
            let start = line
            let first = position
            let count = tokens.count
            defer { if tokens.count > count { tokens[count].scalars = first..<position } }
            if scalar == "/" && peek(1) == "/" {
                var text = ""
                while let next = peek(), next != "\n" { text.unicodeScalars.append(next); advance() }
                tokens.append(SourceToken(kind: .comment, text: text, line: start))
            } else if scalar == "/" && peek(1) == "*" {
                try skipBlockComment()
            } else if scalar == "\"" || (scalar == "#" && isRawStringStart()) {
                let before = position
                try skipString()
                tokens.append(SourceToken(kind: .string, text: String(String.UnicodeScalarView(scalars[before..<position])), line: start))
            } else if scalar == "`" {
                var text = "`"
                advance()
                while let next = peek(), next != "`", next != "\n" { text.unicodeScalars.append(next); advance() }
                guard peek() == "`" else { throw ScanProblem(line: start, message: "unterminated backticked name") }
                advance()
                tokens.append(SourceToken(kind: .word, text: text + "`", line: start))
            } else if Self.isWordScalar(scalar) || ((scalar == "#" || scalar == "@" || scalar == "$") && peek(1).map(Self.isWordScalar) == true) {
                var text = String(scalar)
                advance()
                while let next = peek(), Self.isWordScalar(next) { text.unicodeScalars.append(next); advance() }
                tokens.append(SourceToken(kind: .word, text: text, line: start))
            } else if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "-" && peek(1) == ">" {
                advance()
                advance()
                tokens.append(SourceToken(kind: .mark, text: "->", line: start))
            } else {
                advance()
                tokens.append(SourceToken(kind: .mark, text: String(scalar), line: start))
            }
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// Whether `#` starts a raw string: hashes, then a quote.
    private func isRawStringStart() -> Bool {
        var offset = 0
        while peek(offset) == "#" { offset += 1 }
        return peek(offset) == "\""
    }

    private mutating func skipBlockComment() throws(ScanProblem) {
        let start = line
        var depth = 0
        repeat {
            guard let scalar = peek() else { throw ScanProblem(line: start, message: "unterminated comment") }
            if scalar == "/" && peek(1) == "*" {
                depth += 1
                advance()
            } else if scalar == "*" && peek(1) == "/" {
                depth -= 1
                advance()
            }
            advance()
        } while depth > 0
    }

    /// Skips a string literal from its opening hashes or quote to its closing quote and hashes, with any
    /// interpolations in it (which may hold strings of their own).
    private mutating func skipString() throws(ScanProblem) {
        let start = line
        var hashes = 0
        while peek() == "#" { hashes += 1; advance() }
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        while let scalar = peek() {
            if scalar == "\\" && hashesFollow(hashes, from: 1) {
                for _ in 0...hashes { advance() }
                if peek() == "(" {
                    try skipInterpolation()
                } else if peek() != nil {
                    advance()
                }
            } else if scalar == "\"" && (!multiline || (peek(1) == "\"" && peek(2) == "\""))
                && hashesFollow(hashes, from: multiline ? 3 : 1)
            {
                for _ in 0..<((multiline ? 3 : 1) + hashes) { advance() }
                return
            } else if scalar == "\n" && !multiline {
                break
            } else {
                advance()
            }
        }
        throw ScanProblem(line: start, message: "unterminated string literal")
    }

    private func hashesFollow(_ count: Int, from offset: Int) -> Bool {
        (0..<count).allSatisfy { peek(offset + $0) == "#" }
    }

    /// Skips `(…)` after a backslash in a string, with nested parentheses and strings.
    private mutating func skipInterpolation() throws(ScanProblem) {
        var depth = 0
        repeat {
            guard let scalar = peek() else { return }
            if scalar == "\"" || (scalar == "#" && isRawStringStart()) {
                try skipString()
                continue
            }
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth -= 1 }
            advance()
        } while depth > 0
    }
}

/// What the scanner could not read or map, at a line of the file being scanned.
struct ScanProblem: Error, Equatable {
    var line: Int
    var message: String
}
