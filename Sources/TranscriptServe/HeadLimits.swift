import HummingbirdCore

/// The limits of a request's head that `transcripts serve` asks NIO's HTTP decoder to keep.
///
/// The decoder counts as it reads, so a head over the limits is refused after at most these many bytes, in time
/// that grows with what was read, whatever the client goes on sending: `HeadLimitAnswer` answers it with 431.
/// Browsers send heads of a few KB; other servers allow about the same (Apache 8 KB a line and 100 header
/// fields, nginx 8 KB a line).
enum HeadLimits {
    /// The longest request target, header name or header value, in bytes.
    static let fieldSize = 8 * 1024
    /// The most bytes of request target, header names and values together (line breaks and `: ` not counted).
    static let headSize = 64 * 1024
    /// The most header fields.
    static let fieldCount = 100

    /// The decoder configuration for Hummingbird's HTTP/1 channel.
    static var decoder: HTTP1Channel.Configuration.DecoderConfiguration {
        .init(maxHeaderFieldSize: fieldSize, maxHeaderListSize: headSize, maxHeaderFieldCount: fieldCount)
    }

    /// The text of the 431 answer.
    static let explanation = "The request's head is too large: its target, a header's name or value may have at most "
        + "\(fieldSize) bytes, the head \(headSize) bytes and \(fieldCount) header fields.\n"
}
