/// One range of a `Range: bytes=...` request header, so that video and audio can seek (RFC 9110 §14).
///
/// Read here rather than by Hummingbird's `FileMiddleware`, which takes `bytes=-N` for the first N + 1 bytes (not
/// the last N), answers a range that starts past the end with 206 and an inverted `Content-Range`, and a header it
/// cannot read with 416 (not the whole file); its file lookup also follows symlinks out of the folder, which
/// `StaticFileResolver` refuses. The bytes are read by Hummingbird's `FileIO`.
enum ByteRange: Equatable {
    /// Bytes `lower...upper` of the file.
    case satisfiable(lower: Int, upper: Int)
    /// A range outside the file: answered with 416.
    case unsatisfiable

    /// The range `header` asks for in a file of `size` bytes; nil when the header is not one byte range
    /// (several ranges, another unit, nonsense), which is answered with the whole file.
    static func parse(_ header: String, size: Int) -> ByteRange? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = value.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        let digits: (String) -> Bool = { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } && $0.count <= 18 }
        if first.isEmpty {
            // The last N bytes.
            guard digits(last), let suffix = Int(last) else { return nil }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(lower: max(0, size - suffix), upper: size - 1)
        }
        guard digits(first), let lower = Int(first) else { return nil }
        guard lower < size else { return .unsatisfiable }
        if last.isEmpty { return .satisfiable(lower: lower, upper: size - 1) }
        guard digits(last), let upper = Int(last), upper >= lower else { return nil }
        return .satisfiable(lower: lower, upper: min(upper, size - 1))
    }
}
