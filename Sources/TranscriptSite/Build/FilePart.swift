/// A part of a file's contents, written after the parts before it: text (written as UTF-8) or UTF-8 bytes made
/// by a template (written as they are, never checked again as a `String` would be).
protocol FilePart: Sendable {
    /// How many bytes the part holds.
    var byteCount: Int { get }
    /// Calls `body` with the part's bytes.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
}

extension String: FilePart {
    var byteCount: Int { utf8.count }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        var text = self
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

extension Array: FilePart where Element == UInt8 {
    var byteCount: Int { count }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(body)
    }
}
