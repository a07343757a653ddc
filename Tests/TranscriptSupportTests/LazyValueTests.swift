import Synchronization
import Testing

@testable import TranscriptSupport

@Suite struct LazyValueTests {
    @Test func makesTheValueOnceWhenFirstAskedFor() throws {
        let made = Mutex(0)
        let lazy = LazyValue { () -> Int in
            made.withLock { $0 += 1 }
            return 42
        }
        #expect(made.withLock { $0 } == 0)
        // Asked for on all cores at once: made by one, the others wait for it.
        let values = try Array(0..<64).concurrentMap { _ in lazy.value }
        #expect(values == Array(repeating: 42, count: 64))
        #expect(lazy.value == 42)
        #expect(made.withLock { $0 } == 1)
    }
}
