import Foundation
import Synchronization

/// Work started on a thread of its own, whose result is taken later: for work that needs one core while the
/// caller goes on with work of its own (which may use every core in bursts, and leaves one idle between them).
///
/// Not before the build's first work on all cores: with one malloc arena per core (`FreedMemory.shareArenas`), a
/// thread that holds an arena when the pool's threads are made leaves one of them sharing the main thread's arena,
/// and every allocation then waits on its lock. Templates compiled this way at the start of a build made a clean
/// build of 100k messages 1.3 times as long (16,000 voluntary context switches instead of a few hundred).
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)
    /// The work, until its thread takes it.
    private let work: Mutex<(@Sendable () throws -> Value)?>

    /// Starts `work` at once. The work (and what it captured) is let go before its result is given, so that a
    /// caller that has the result holds the only references to what it passed in (as `withoutActuallyEscaping`
    /// requires).
    package init(_ work: @escaping @Sendable () throws -> Value) {
        self.work = Mutex(work)
        Thread { [self] in
            let result = run()
            outcome.withLock { $0 = result }
            done.signal()
        }.start()
    }

    private func run() -> Result<Value, any Error> {
        let work = self.work.withLock { work in
            defer { work = nil }
            return work!
        }
        return Result { try work() }
    }

    /// Whether the work is done (its result is then given without waiting).
    package var isDone: Bool { outcome.withLock { $0 != nil } }

    /// The work's value (or its error), once it is done; any number of times.
    package func result() throws -> Value {
        done.wait()
        // Signalled again, so that a later call does not wait for ever.
        done.signal()
        return try outcome.withLock { $0! }.get()
    }
}
