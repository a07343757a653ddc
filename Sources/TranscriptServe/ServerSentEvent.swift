/// One message of a `text/event-stream` (Server-Sent Events): a named event with text data, or a comment
/// that only keeps the connection alive.
public struct ServerSentEvent: Equatable, Sendable {
    /// The event's name (`reload`, `error`, ...); nil for a keep-alive comment.
    public var name: String?
    /// The event's data; several lines are sent as several `data:` lines and arrive joined by `\n`.
    public var data: String

    public init(name: String, data: String) {
        self.name = name
        self.data = data
    }

    /// A comment line, which browsers ignore; writing it tells whether the page is still connected.
    public static let keepAlive = ServerSentEvent(comment: "keep-alive")

    private init(comment: String) {
        name = nil
        data = comment
    }

    /// The event as it is written to the stream.
    public var encoded: String {
        guard let name else { return ": \(data)\n\n" }
        let lines = data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        return "event: \(name)\n" + lines.map { "data: \($0)\n" }.joined() + "\n"
    }
}
