import Dispatch

/// Lets go of large values on a thread of its own: freeing a conversation's messages, or a batch's rendered
/// texts, is a pass over thousands of objects that would otherwise run on the thread that goes on with the next
/// stage, while the other cores wait for it.
///
/// The values are let go one after another, in the order given, on one serial queue that holds nothing else; a
/// value is freed there only when the caller gave up its own references (`Disposal.release(consume value)`).
package enum Disposal {
    private static let queue = DispatchQueue(label: "transcripts: disposal")

    /// Lets go of `value` on the disposal thread.
    package static func release<Value: Sendable>(_ value: consuming Value) {
        let held = Held(value)
        queue.async { held.drop() }
    }

    /// Waits until every value given so far has been let go (for tests).
    package static func drain() {
        queue.sync {}
    }

    /// A value the queue's work item owns: dropped there, not when the work item's closure is let go, which
    /// may happen on the thread that queued it.
    private final class Held<Value: Sendable>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) { self.value = value }

        /// Lets go of the value; only the disposal queue calls it, once.
        func drop() { value = nil }
    }
}
