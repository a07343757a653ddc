import Testing

@testable import TranscriptServe

/// The front's reading of a request head: where it ends, the limits, and `Connection: close`.
@Suite struct RequestHeadTests {
    /// Gives `chunks` to a reader one after another; the outcome of the first that completes one.
    func outcome(_ chunks: [String]) -> RequestHead.Outcome? {
        var reader = RequestHead.Reader()
        for chunk in chunks {
            if let outcome = reader.add(Array(chunk.utf8)) { return outcome }
        }
        return nil
    }

    func head(_ text: String, rest: String = "") -> RequestHead.Outcome {
        .head(Array(text.utf8), rest: Array(rest.utf8))
    }

    @Test func theHeadEndsAtTheEmptyLineAndItsConnectionHeadersBecomeClose() {
        #expect(outcome(["GET / HTTP/1.1\r\nHost: x\r\nconnection : keep-alive\r\nCONNECTION: Upgrade\r\n\r\nbody"])
            == head("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", rest: "body"))
        // Bare line feeds, and a head in pieces, the empty line split across them.
        #expect(outcome(["GET / HTTP/1.0\nX-Connection: y\n", "\r", "\nz"]) == head("GET / HTTP/1.0\nX-Connection: y\nConnection: close\r\n\r\n", rest: "z"))
        // An empty first line is the request line (FlyingFox refuses it), not the end.
        #expect(outcome(["\r\nHost: x\r\n\r\n"]) == head("\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(outcome(["GET / HTTP/1.1\r\nHost: x\r\n"]) == nil)
    }

    @Test func aLineOrAHeadOverTheLimitsIsTooLarge() {
        let longest = "X: " + String(repeating: "a", count: RequestHead.lineLimit - 3)
        #expect(outcome(["GET / HTTP/1.1\r\n", longest + "\r\n\r\n"]) == head("GET / HTTP/1.1\r\n" + longest + "\r\nConnection: close\r\n\r\n"))
        #expect(outcome(["GET / HTTP/1.1\r\n", longest + "a\r\n\r\n"]) == .tooLarge)
        // Without its end yet: a line one byte too long is too large at once, one that may end in CR LF is not yet.
        #expect(outcome(["GET / HTTP/1.1\r\n" + longest + "\r"]) == nil)
        #expect(outcome(["GET / HTTP/1.1\r\n" + longest + "a"]) == .tooLarge)
        #expect(outcome(["GET /" + String(repeating: "p", count: RequestHead.lineLimit)]) == .tooLarge)
        let lines = (0..<700).map { "X-\($0): " + String(repeating: "c", count: 90) + "\r\n" }.joined()
        #expect(outcome(["GET / HTTP/1.1\r\n" + lines + "\r\n"]) == .tooLarge)
        #expect(outcome(["GET / HTTP/1.1\r\n", lines]) == .tooLarge)
    }
}
