import TranscriptJSON

/// Numbers in order, held in an array while they are added, or moved out of memory into a file of the build's own
/// (`write(to:)`, then `useMoved(_:at:)`), mapped read-only: read the same either way, and once moved their pages
/// can be handed back after they are read (`releasePages()`), so that what a finished part of the search index
/// holds does not add up in memory over a site's conversations.
struct SpillableArray<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {  // a mapping is never written
    /// The values while they are in memory (empty once moved out).
    private var values: [Element] = []
    /// Where the moved values begin in `file`'s mapping, and how many there are.
    private var movedStart: UnsafePointer<Element>?
    private var movedCount = 0
    private var file: MappedFile?

    init() {}

    init(_ values: [Element]) {
        self.values = values
    }

    var startIndex: Int { 0 }
    var endIndex: Int { movedStart == nil ? values.count : movedCount }

    subscript(position: Int) -> Element {
        if let movedStart {
            precondition(position >= 0 && position < movedCount, "Index out of range")
            return movedStart[position]
        }
        return values[position]
    }

    /// Whether the values were moved out of memory.
    var isMovedOut: Bool { file != nil }

    mutating func append(_ value: Element) {
        precondition(file == nil, "values moved out of memory are not added to")
        values.append(value)
    }

    mutating func append(contentsOf other: some Sequence<Element>) {
        precondition(file == nil, "values moved out of memory are not added to")
        values.append(contentsOf: other)
    }

    mutating func reserveCapacity(_ count: Int) {
        if file == nil { values.reserveCapacity(count) }
    }

    /// The values at `range`: the array's own slice in memory, a copy of them once moved out.
    func slice(_ range: Range<Int>) -> ArraySlice<Element> {
        guard let movedStart else { return values[range] }
        precondition(range.lowerBound >= 0 && range.upperBound <= movedCount, "Range out of bounds")
        return ArraySlice(UnsafeBufferPointer(start: movedStart + range.lowerBound, count: range.count))
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        guard let movedStart else { return try values.withUnsafeBufferPointer(body) }
        return try body(UnsafeBufferPointer(start: movedStart, count: movedCount))
    }

    /// Writes the values (held in memory) to `writer`: where they begin in its file, for `useMoved(_:at:)`.
    func write(to writer: inout MappedFile.SpillWriter) throws -> Int {
        precondition(file == nil, "values moved out of memory are written once")
        return try values.withUnsafeBytes { try writer.append($0) }
    }

    /// Reads the values from `file`, where `write(to:)` put them at `offset`, and lets go of the array.
    mutating func useMoved(_ file: MappedFile, at offset: Int) {
        precondition(offset % MemoryLayout<Element>.alignment == 0 && offset + values.count * MemoryLayout<Element>.stride <= file.bytes.count)
        let count = values.count
        values = []
        movedCount = count
        self.file = file
        // None to read: the (empty) array answers.
        movedStart = count == 0 ? nil : UnsafeRawPointer(file.bytes.baseAddress! + offset).assumingMemoryBound(to: Element.self)
    }

    /// Hands back the memory of the pages of moved values that were read: reading them again reads the file again.
    func releasePages() {
        releasePages(0..<movedCount)
    }

    /// Hands back the memory of the pages that hold only values at `positions` (those it shares with values
    /// outside are kept).
    func releasePages(_ positions: Range<Int>) {
        guard let file, let movedStart, !positions.isEmpty else { return }
        let offset = UnsafeRawPointer(movedStart) - UnsafeRawPointer(file.bytes.baseAddress!)
        let stride = MemoryLayout<Element>.stride
        file.release((offset + positions.lowerBound * stride)..<(offset + Swift.min(positions.upperBound, movedCount) * stride))
    }
}
