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
                            var stack = ScopeStack()
                            var bytes = RenderedBytes(capacity: max(values.count * 1024, 16_384))
                            // A partial that leads back to the outermost template enters it again.
                            rendering.active[entry] = 1
                            for value in values {
                                rendering.reentriesLeft = CompiledTemplate.maximumReentries
                                stack.removeAll()
                                if let scope { stack.push(scope) }
                                stack.push(value)
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
private struct Rendering: ~Copyable {
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
        _ range: Range<Int>, stack: inout ScopeStack, overrides: TemplateProgram.Overrides, depth: Int,
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
                        stack.push(.object(item))
                        try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        stack.pop()
                    }
                case .texts(let texts):
                    for text in texts {
                        stack.push(.text(text))
                        try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                        stack.pop()
                    }
                case .some(let value):
                    stack.push(value)
                    try render(body, stack: &stack, overrides: overrides, depth: depth, into: &output)
                    stack.pop()
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
    private mutating func lookup(_ instruction: Instruction, in stack: borrowing ScopeStack) -> TemplateValue? {
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
                if let object = stack[position].object, let type = stack[position].type,
                    let child = value(of: object, type: type, named: name)
                {
                    found = child
                    break
                }
                position -= 1
            }
        }
        var part = start + 1
        while part < start + count {
            guard case .object(let object) = found else { return nil }
            // `found` may be the object's only owner (a model boxed as it is asked for): kept alive explicitly
            // while it is read unretained.
            found = withExtendedLifetime(object) {
                value(of: Unmanaged.passUnretained(object), type: Swift.type(of: object), named: Int(pathParts[part]))
            }
            part += 1
        }
        return found
    }

    /// The value of `object` (of `type`, held elsewhere while this runs) for the name numbered `name` (in
    /// `names`), by the key number the type gave for the name.
    private mutating func value(of object: Unmanaged<AnyObject>, type: any TemplateObject.Type, named name: Int) -> TemplateValue? {
        let resolution = resolutions.resolution(of: ObjectIdentifier(type), name: name) {
            type.templateKeyResolution(named: names[name])
        }
        switch resolution {
        case .number(let number): return object._withUnsafeGuaranteedRef { Self.value(of: $0, as: type, numbered: number) }
        case .absent: return nil
        case .byName: return object._withUnsafeGuaranteedRef { Self.value(of: $0, as: type, named: names[name]) }
        }
    }

    /// `object`'s value for the key `number`, `object` being of `type` (the frame that holds it says so).
    private static func value<Object: TemplateObject>(of object: AnyObject, as type: Object.Type, numbered number: Int) -> TemplateValue? {
        unsafeDowncast(object, to: Object.self).templateValue(numbered: number)
    }

    /// `object`'s value for the key `name`, `object` being of `type`.
    private static func value<Object: TemplateObject>(of object: AnyObject, as type: Object.Type, named name: String) -> TemplateValue? {
        unsafeDowncast(object, to: Object.self).templateValue(for: name)
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

/// The values in scope while a template renders, innermost last. Each frame keeps its object, when the value is
/// one, also unretained with its type: a look-up walks the frames without touching a reference count (taking an
/// object out of a `TemplateValue` retained and released it, a tenth of a message's rendering).
private struct ScopeStack: ~Copyable {
    struct Frame {
        let value: TemplateValue
        /// The value's object, unretained (`value` holds it), and its type; neither when the value is not an object.
        let object: Unmanaged<AnyObject>?
        let type: (any TemplateObject.Type)?
    }

    private var frames: UnsafeMutablePointer<Frame>
    private(set) var count = 0
    private var capacity = 16

    init() { frames = .allocate(capacity: capacity) }

    deinit {
        frames.deinitialize(count: count)
        frames.deallocate()
    }

    /// The frame at `position` (0 is the outermost).
    subscript(position: Int) -> Frame {
        @inline(__always) unsafeAddress { UnsafePointer(frames + position) }
    }

    /// The innermost value.
    var last: TemplateValue? { count > 0 ? frames[count - 1].value : nil }

    mutating func push(_ value: TemplateValue) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: frames, count: count)
            frames.deallocate()
            frames = grown
            capacity *= 2
        }
        if case .object(let object) = value {
            (frames + count).initialize(to: Frame(value: value, object: .passUnretained(object), type: type(of: object)))
        } else {
            (frames + count).initialize(to: Frame(value: value, object: nil, type: nil))
        }
        count += 1
    }

    mutating func pop() {
        count -= 1
        (frames + count).deinitialize(count: 1)
    }

    mutating func removeAll() {
        frames.deinitialize(count: count)
        count = 0
    }
}

/// How each type of template object met in a rendering answers each name (`TemplateKeyResolution`): a few types
/// per name, asked once. A name looked up on more types than that is looked up by name on the others.
private struct KeyResolutions: ~Copyable {
    private static var typesPerName: Int { 4 }

    private struct Slot {
        var type: ObjectIdentifier?
        var answer: TemplateKeyResolution
    }

    /// `typesPerName` slots per name, filled in order.
    private let slots: UnsafeMutablePointer<Slot>
    private let count: Int

    init(names: Int) {
        count = names * Self.typesPerName
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Slot(type: nil, answer: .byName), count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The resolution of `name` for `type`, from `resolve` the first time.
    @inline(__always)
    mutating func resolution(
        of type: ObjectIdentifier, name: Int, _ resolve: () -> TemplateKeyResolution
    ) -> TemplateKeyResolution {
        var slot = slots + name &* Self.typesPerName
        // The type met first, the one most look-ups of the name are for, is compared before anything else.
        if slot.pointee.type == type { return slot.pointee.answer }
        for _ in 0..<Self.typesPerName {
            guard let known = slot.pointee.type else {
                let answer = resolve()
                slot.pointee = Slot(type: type, answer: answer)
                return answer
            }
            if known == type { return slot.pointee.answer }
            slot += 1
        }
        return .byName
    }
}
