import Foundation
import Synchronization

/// Work started on a thread of its own, whose result is taken later: for work that needs one core while the
/// caller goes on with work of its own (which may use every core in bursts, and leaves one idle between them).
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` at once.
    package init(_ work: @escaping @Sendable () throws -> Value) {
        Thread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }.start()
    }

    /// The work's value (or its error), once it is done; any number of times.
    package func result() throws -> Value {
        done.wait()
        // Signalled again, so that a later call does not wait for ever.
        done.signal()
        return try outcome.withLock { $0! }.get()
    }
}
