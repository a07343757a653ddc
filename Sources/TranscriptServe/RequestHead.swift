import FlyingSocks

/// The head of one HTTP request (the request line and the header lines, up to the empty line), read by the
/// preview server's front (`FrontDoor`) with limits before FlyingFox sees it.
///
/// FlyingFox 0.27 reads a line of a head in time that grows with the square of its length (a 100 KB line kept a
/// core busy for about 5 s, a 1 MB line for minutes). The front reads the head in one pass and refuses a line
/// longer than `lineLimit` or a head longer than `headLimit` (431 Request Header Fields Too Large), as other
/// servers do (Apache allows 8 KB a line). It hands FlyingFox one request per connection: the head goes on with
/// its `Connection` headers replaced by `Connection: close`, so FlyingFox reads no second head from it.
enum RequestHead {
    /// The longest line, without its line break (LF or CR LF).
    static let lineLimit = 8 * 1024
    /// The longest head, line breaks and the empty line included.
    static let headLimit = 64 * 1024

    enum Outcome: Equatable {
        /// The head (with `Connection: close`) and the bytes read after it (the start of a body).
        case head([UInt8], rest: [UInt8])
        /// A line or the head is longer than the limits.
        case tooLarge
        /// The client closed the connection before the head was whole.
        case ended
    }

    /// Reads a head from `socket`, `chunk` bytes at a time at most.
    static func read(from socket: AsyncSocket, chunk: Int = 4096) async throws -> Outcome {
        var reader = Reader()
        while true {
            let bytes: [UInt8]
            do {
                bytes = try await socket.read(atMost: chunk)
            } catch SocketError.disconnected {
                return .ended
            }
            if let outcome = reader.add(bytes) { return outcome }
        }
    }

    /// Finds the end of a head in the bytes given to it, looking at each byte once.
    struct Reader {
        private var bytes: [UInt8] = []
        private var lineStart = 0
        private var lines = 0

        /// Adds bytes; the outcome once the head is whole or too long, else nil.
        mutating func add(_ more: [UInt8]) -> Outcome? {
            var index = bytes.count
            bytes += more
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") {
                    let length = lineLength(endingAt: index)
                    guard length <= RequestHead.lineLimit, index < RequestHead.headLimit else { return .tooLarge }
                    // An empty line (or a lone CR, as FlyingFox reads it) after the request line ends the head.
                    if lines > 0, length == 0 {
                        return .head(RequestHead.closing(bytes[..<(index + 1)]), rest: Array(bytes[(index + 1)...]))
                    }
                    lines += 1
                    lineStart = index + 1
                }
                index += 1
            }
            return lineLength(endingAt: bytes.count) > RequestHead.lineLimit || bytes.count > RequestHead.headLimit ? .tooLarge : nil
        }

        /// The length of the line that started at `lineStart`, up to `end`, without a CR before `end`.
        private func lineLength(endingAt end: Int) -> Int {
            end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") ? end - lineStart - 1 : end - lineStart
        }
    }

    /// `head` (whole, its empty line last) without its `Connection` headers and with `Connection: close`
    /// before the empty line; every other byte as it came.
    static func closing(_ head: ArraySlice<UInt8>) -> [UInt8] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        for index in head.indices where head[index] == UInt8(ascii: "\n") {
            lines.append(head[start...index])
            start = index + 1
        }
        var result: [UInt8] = []
        result.reserveCapacity(head.count + 19)
        for (number, line) in lines.enumerated() {
            if number == lines.count - 1 { result += Array("Connection: close\r\n".utf8) }
            if number > 0, number < lines.count - 1, isConnectionHeader(line) { continue }
            result += line
        }
        return result
    }

    /// Whether a header line's name is `Connection` (in any case, spaces around it aside).
    private static func isConnectionHeader(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let name = line[..<colon].drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: name.reversed(), as: UTF8.self).lowercased() == "connection"
    }
}
