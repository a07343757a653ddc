/// The fields of a `Message` that few messages have: the thread of a reply in one, what a forwarded message says
/// of its original, and the history of a message of merged exports. Kept out of line and never changed in place
/// (a change makes a new one), so that a message without them holds a nil reference and a copy of a message shares
/// them.
@usableFromInline
final class MessageRareFields: Sendable, Equatable {
    @usableFromInline
    struct Fields: Sendable, Equatable {
        var thread: String?
        var forwardedFrom: String?
        var forwardedDate: Timestamp?
        var forwardedEdited: Timestamp?
        var history: MessageHistory?

        var isEmpty: Bool {
            thread == nil && forwardedFrom == nil && forwardedDate == nil && forwardedEdited == nil && history == nil
        }
    }

    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }

    /// The fields given, or nil when none is set.
    @usableFromInline
    static func make(
        thread: String? = nil, forwardedFrom: String?, forwardedDate: Timestamp?, forwardedEdited: Timestamp?,
        history: MessageHistory?
    ) -> MessageRareFields? {
        let fields = Fields(
            thread: thread, forwardedFrom: forwardedFrom, forwardedDate: forwardedDate, forwardedEdited: forwardedEdited, history: history)
        return fields.isEmpty ? nil : MessageRareFields(fields)
    }

    /// Sets `rare` to its fields changed by `change` (nil when none is left set).
    static func change(_ rare: inout MessageRareFields?, _ change: (inout Fields) -> Void) {
        var fields = rare?.fields ?? Fields()
        change(&fields)
        rare = fields.isEmpty ? nil : MessageRareFields(fields)
    }

    @usableFromInline
    static func == (a: MessageRareFields, b: MessageRareFields) -> Bool { a === b || a.fields == b.fields }
}
