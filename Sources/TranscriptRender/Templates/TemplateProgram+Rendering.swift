extension TemplateProgram {
    /// Renders the template numbered `entry` once per value, appending its UTF-8 bytes to `output`; `base`, when
    /// given, is in scope under each value (the strings table, `t`).
    func render(entry: Int, each values: [TemplateValue], base: TemplateValue?, into output: inout [UInt8]) throws {
        try instructions.withUnsafeBufferPointer { instructions in
            try text.withUnsafeBufferPointer { text in
                try pathParts.withUnsafeBufferPointer { pathParts in
                    try names.withUnsafeBufferPointer { names in
                        try entries.withUnsafeBufferPointer { entries in
                            var rendering = Rendering(
                                program: self, instructions: instructions, text: text, pathParts: pathParts, names: names,
                                entries: entries, lastNamed: Array(repeating: nil, count: indentations.count),
                                active: Array(repeating: 0, count: entries.count), resolutions: KeyResolutions(names: names.count))
                            let scope = base.map { TemplateValue.object(StringsScope($0)) }
                            var stack: [TemplateValue] = []
                            stack.reserveCapacity(8)
                            var bytes = RenderedBytes(capacity: max(values.count * 1024, 16_384))
                            // A partial that leads back to the outermost template enters it again.
                            rendering.active[entry] = 1
                            for value in values {
                                rendering.reentriesLeft = CompiledTemplate.maximumReentries
                                stack.removeAll(keepingCapacity: true)
                                if let scope { stack.append(scope) }
                                stack.append(value)
                                try rendering.render(entries[entry], stack: &stack, overrides: [:], depth: 0, into: &bytes)
                            }
                            bytes.append(to: &output)
                        }
                    }
                }
            }
        }
    }
}

/// The scope under each value rendered, holding only the strings table (`t`): a name a value lacks is looked for
/// here too, and the type's answer (absent) is known after the first time, where a dictionary is asked each time.
private final class StringsScope: TemplateObject {
    let strings: TemplateValue

    init(_ strings: TemplateValue) { self.strings = strings }

    func templateValue(for key: String) -> TemplateValue? { key == "t" ? strings : nil }

    static func templateKeyResolution(named name: String) -> TemplateKeyResolution { name == "t" ? .number(0) : .absent }

    func templateValue(numbered number: Int) -> TemplateValue? { strings }
}

/// One rendering of a `TemplateProgram`: its arrays as pointers, valid while `render(entry:each:base:into:)` runs.
private struct Rendering {
    typealias Instruction = TemplateProgram.Instruction

    unowned(unsafe) let program: TemplateProgram
    let instructions: UnsafeBufferPointer<Instruction>
    let text: UnsafeBufferPointer<UInt8>
    let pathParts: UnsafeBufferPointer<Int32>
    let names: UnsafeBufferPointer<String>
    let entries: UnsafeBufferPointer<Range<Int>>
    /// The template each dynamic partial (by its indentation's number) named last, and its entry: rows name
    /// the same few kinds' templates over and over.
    var lastNamed: [(name: String, entry: Int)?]
    /// How many times each entry is being rendered, one inside the other.
    var active: [Int32]
    /// How many more times the value being rendered may enter a template it is already inside
    /// (`CompiledTemplate.maximumReentries`).
    var reentriesLeft = CompiledTemplate.maximumReentries
    /// How the types met so far answer each name.
    var resolutions: KeyResolutions

    mutating func render(
        _ range: Range<Int>, stack: inout [TemplateValue], overrides: TemplateProgram.Overrides, depth: Int,
        into output: inout RenderedBytes
    ) throws {
        var index = range.lowerBound
        while index < range.upperBound {
            let instruction = instructions[index]
            let next = index + 1
            switch instruction.operation {
            case .text:
                let start = Int(instruction.first)
                output.append(UnsafeBufferPointer(rebasing: text[start..<(start + Int(instruction.second))]))
                index = next
            case .escapedVariable, .rawVariable:
                if let value = lookup(instruction, in: stack) {
                    Self.append(value, escaped: instruction.operation == .escapedVariable, to: &output)
                }
                index = next
            case .section:
                let body = next..<Int(instruction.end)
                switch lookup(instruction, in: stack) {
                case nil: break
                case .flag(let flag):
                    if flag { try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output) }
                case .list(let items):
                    for item in items {
                        stack.append(.object(item))
                        try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        stack.removeLast()
                    }
                case .texts(let texts):
                    for text in texts {
                        stack.append(.text(text))
                        try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        stack.removeLast()
                    }
                case .some(let value):
                    stack.append(value)
                    try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                    stack.removeLast()
                }
                index = body.upperBound
            case .invertedSection:
                let body = next..<Int(instruction.end)
                let isEmpty: Bool
                switch lookup(instruction, in: stack) {
                case nil: isEmpty = true
                case .flag(let flag): isEmpty = !flag
                case .list(let items): isEmpty = items.isEmpty
                case .texts(let texts): isEmpty = texts.isEmpty
                default: isEmpty = false
                }
                if isEmpty { try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output) }
                index = body.upperBound
            case .partial:
                let entry = Int(instruction.first)
                if entry >= 0 {
                    try enter(entry, depth: depth)
                    try render(entries[entry], stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
                    active[entry] -= 1
                }
                index = next
            case .dynamicPartial:
                if case .text(let name)? = lookup(instruction, in: stack), let entry = entry(named: name, slot: Int(instruction.third)) {
                    try enter(entry, depth: depth)
                    try render(entries[entry], stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
                    active[entry] -= 1
                }
                index = next
            case .parent:
                let entry = Int(instruction.first)
                if entry >= 0 {
                    // The blocks of the templates further out win over this one's.
                    let own = program.overrideTables[Int(instruction.second)]
                    let merged = overrides.isEmpty ? own : overrides.merging(own) { outer, _ in outer }
                    try enter(entry, depth: depth)
                    try render(entries[entry], stack: &stack, overrides: merged, depth: depth + 1, into: &output)
                    active[entry] -= 1
                }
                index = Int(instruction.end)
            case .block:
                // A block given by an inheriting template can name itself again: it counts as a level too.
                let name = names[Int(instruction.first)]
                guard depth < CompiledTemplate.maximumDepth else { throw CompiledTemplate.TooDeep(name: name) }
                let body = overrides.isEmpty ? next..<Int(instruction.end) : overrides[name] ?? next..<Int(instruction.end)
                try render(body, stack: &stack, overrides: overrides, depth: depth + 1, into: &output)
                index = Int(instruction.end)
            }
        }
    }

    /// Counts the template of `entry` as entered (by a partial or parent) at `depth`: past the nesting limit, or
    /// entered again inside itself more often than one value's rendering may, it is an error. A rendering that
    /// returns without error takes it back out of `active`.
    private mutating func enter(_ entry: Int, depth: Int) throws {
        guard depth < CompiledTemplate.maximumDepth else { throw CompiledTemplate.TooDeep(name: program.entryNames[entry]) }
        if active[entry] > 0 {
            reentriesLeft -= 1
            guard reentriesLeft >= 0 else { throw CompiledTemplate.TooManyReentries(name: program.entryNames[entry]) }
        }
        active[entry] += 1
    }

    /// The value a tag's name finds: `.` is the current value; `.name` looks only in the current value; `a.b`
    /// looks `a` up the stack, inside out, then `b` inside it.
    private mutating func lookup(_ instruction: Instruction, in stack: [TemplateValue]) -> TemplateValue? {
        let count = Int(instruction.second)
        guard count > 0 else { return stack.last }
        let start = Int(instruction.first)
        var found: TemplateValue?
        let first = pathParts[start]
        if first < 0 {
            found = stack.last
        } else {
            let name = Int(first)
            var position = stack.count - 1
            while position >= 0 {
                if case .object(let object) = stack[position], let child = value(of: object, named: name) {
                    found = child
                    break
                }
                position -= 1
            }
        }
        var part = start + 1
        while part < start + count {
            guard case .object(let object) = found else { return nil }
            found = value(of: object, named: Int(pathParts[part]))
            part += 1
        }
        return found
    }

    /// `object`'s value for the name numbered `name` (in `names`), by the key number its type gave for the name.
    private mutating func value(of object: any TemplateObject, named name: Int) -> TemplateValue? {
        let objectType = type(of: object)
        let resolution = resolutions.resolution(of: ObjectIdentifier(objectType), name: name) {
            objectType.templateKeyResolution(named: names[name])
        }
        switch resolution {
        case .number(let number): return object.templateValue(numbered: number)
        case .absent: return nil
        case .byName: return object.templateValue(for: names[name])
        }
    }

    /// The entry of the template a dynamic partial names, indented as the partial's tag is.
    private mutating func entry(named name: String, slot: Int) -> Int? {
        if let last = lastNamed[slot], last.name == name { return last.entry }
        guard let entry = program.entryNamed[TemplateProgram.key(name, indentation: program.indentations[slot])] else { return nil }
        lastNamed[slot] = (name, entry)
        return entry
    }

    private static func append(_ value: TemplateValue, escaped: Bool, to output: inout RenderedBytes) {
        switch value {
        case .text(var text):
            text.withUTF8 { escaped ? HTMLEscaping.append($0, to: &output) : output.append($0) }
        case .number(let number):
            // Digits written straight into the output, as `String(number)` writes them (which made a text for
            // each number shown): filled from the end of room for a sign and the 20 digits of the largest.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { room in
                guard let base = room.baseAddress else { return }
                var start = room.count
                var rest = number.magnitude
                repeat {
                    start -= 1
                    base[start] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
                    rest /= 10
                } while rest > 0
                if number < 0 {
                    start -= 1
                    base[start] = UInt8(ascii: "-")
                }
                output.append(base + start, count: room.count - start)
            }
        case .flag(let flag):
            (flag ? "true" : "false" as StaticString).withUTF8Buffer { output.append($0) }
        case .object, .list, .texts:
            break
        }
    }
}

/// How each type of template object met in a rendering answers each name (`TemplateKeyResolution`): a few types
/// per name, asked once. A name looked up on more types than that is looked up by name on the others.
private struct KeyResolutions {
    private static var typesPerName: Int { 4 }
    private var types: [ObjectIdentifier?]
    private var answers: [TemplateKeyResolution]

    init(names: Int) {
        types = Array(repeating: nil, count: names * Self.typesPerName)
        answers = Array(repeating: .byName, count: names * Self.typesPerName)
    }

    /// The resolution of `name` for `type`, from `resolve` the first time.
    mutating func resolution(
        of type: ObjectIdentifier, name: Int, _ resolve: () -> TemplateKeyResolution
    ) -> TemplateKeyResolution {
        let first = name * Self.typesPerName
        for slot in first..<(first + Self.typesPerName) {
            guard let known = types[slot] else {
                let answer = resolve()
                types[slot] = type
                answers[slot] = answer
                return answer
            }
            if known == type { return answers[slot] }
        }
        return .byName
    }
}
