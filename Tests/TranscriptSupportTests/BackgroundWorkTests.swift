import Foundation
import Testing

@testable import TranscriptSupport

@Suite struct BackgroundWorkTests {
    struct Failure: Error, Equatable { var reason: String }

    @Test func givesTheValueMadeOnAnotherThread() throws {
        let caller = pthread_self()
        let work = BackgroundWork { () -> (sum: Int, elsewhere: Bool) in
            ((1...1000).reduce(0, +), pthread_equal(pthread_self(), caller) == 0)
        }
        let made = try work.result()
        #expect(made.sum == 500_500)
        #expect(made.elsewhere)
    }

    @Test func givesItsResultAsOftenAsAsked() throws {
        let work = BackgroundWork { 42 }
        #expect(try work.result() == 42)
        #expect(try work.result() == 42)
    }

    @Test func rethrowsTheWorksError() {
        let work = BackgroundWork { () throws -> Int in throw Failure(reason: "no") }
        #expect(throws: Failure(reason: "no")) { try work.result() }
    }

    final class Captured: Sendable {}

    /// Once the result is given, the work holds nothing it captured (what `withoutActuallyEscaping` checks):
    /// the caller's reference is the only one, whenever the work's thread ends.
    @Test func letsGoOfWhatTheWorkCapturedBeforeGivingItsResult() throws {
        for _ in 0..<200 {
            var captured = Captured()
            let work = BackgroundWork { [captured] in _ = captured }
            try work.result()
            #expect(isKnownUniquelyReferenced(&captured))
        }
    }
}
