import Foundation

/// Where a build is, for a progress display: the stage, what it works on, the messages read and rendered so
/// far, the time spent, and how much of the input is done (by the bytes of the exports finished), from which
/// the time left is estimated.
public struct BuildProgress: Sendable, Equatable {
    /// The running stage's name (`read`, `render`, `index`, ...).
    public var stage: String
    /// What the stage works on: `[2/5] chats/result.json`, `writing the search index`.
    public var step: String
    public var messagesRead: Int
    public var messagesRendered: Int
    /// Seconds since the build started.
    public var seconds: Double
    /// The part of the exports' bytes read and rendered, when known (0 to 1).
    public var fraction: Double?

    public init(stage: String, step: String, messagesRead: Int = 0, messagesRendered: Int = 0, seconds: Double = 0, fraction: Double? = nil) {
        self.stage = stage
        self.step = step
        self.messagesRead = messagesRead
        self.messagesRendered = messagesRendered
        self.seconds = seconds
        self.fraction = fraction
    }

    /// Seconds left, estimated from the time the part done took; nil before anything is done.
    public var secondsLeft: Double? {
        guard let fraction, fraction > 0.01, fraction < 1 else { return nil }
        return seconds * (1 - fraction) / fraction
    }

    /// The progress in one line: `read · [2/5] chats/result.json · 12000 read, 9500 rendered · 4 s, about 10 s left`.
    public var line: String {
        var parts = [stage, step]
        if messagesRead > 0 { parts.append("\(messagesRead) read, \(messagesRendered) rendered") }
        var time = Self.duration(seconds)
        if let left = secondsLeft { time += ", about " + Self.duration(left) + " left" }
        parts.append(time)
        return parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// `4 s`, `2 min 5 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}
