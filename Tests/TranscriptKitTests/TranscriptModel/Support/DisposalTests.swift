import Foundation
import Synchronization
import Testing

@testable import TranscriptModel

@Suite struct DisposalTests {
    /// For each value freed, whether that happened on another thread than the one that made it.
    final class Log: Sendable {
        let entries = Mutex<[Bool]>([])
        var all: [Bool] { entries.withLock { $0 } }
    }

    /// Notes in its log, when it is freed, whether that happened on the thread that made it.
    final class Noted: Sendable {
        let maker = pthread_self()
        let log: Log
        init(_ log: Log) { self.log = log }
        deinit {
            let elsewhere = pthread_equal(pthread_self(), maker) == 0
            log.entries.withLock { $0.append(elsewhere) }
        }
    }

    /// A value given up whole is freed on the disposal thread, and by the time `drain` returns.
    @Test func aValueGivenUpIsFreedOnAnotherThread() {
        let log = Log()
        var values: [Noted]? = (0..<3).map { _ in Noted(log) }
        Disposal.release(values.take())
        Disposal.drain()
        #expect(log.all == [true, true, true])
        #expect(values == nil)
    }

    /// A value the caller still holds is not freed by the disposal: only the last reference frees it.
    @Test func aValueStillHeldIsNotFreed() {
        let log = Log()
        let kept = Noted(log)
        Disposal.release(kept)
        Disposal.drain()
        #expect(log.all.isEmpty)
        withExtendedLifetime(kept) {}
    }
}
