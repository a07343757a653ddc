import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptServe

/// Connections that send nothing whole for `ServeOptions.idleTimeout` are closed: a request head sent in part
/// holds no connection for ever. A page's event stream, a response being sent, stays open.
@Suite struct IdleTimeoutTests {
    @Test func aHalfSentHeadIsDisconnectedAfterTheTimeout() async throws {
        let served = try await SiteServerTests.serve(idleTimeout: .seconds(1))
        defer { Task { await served.server.stop() } }
        let started = ContinuousClock.now
        let received = try await RawHTTPClient.offTheTasks {
            let socket = try RawSocket(port: served.port)
            defer { socket.close() }
            // The request line and one header, but not the blank line that ends the head.
            try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            return try socket.readToEnd()
        }
        let elapsed = ContinuousClock.now - started
        #expect(received.isEmpty, "\(String(decoding: received, as: UTF8.self))")
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(8), "closed after \(elapsed)")
        // The server goes on serving.
        #expect(try await served.get("/").status == 200)
    }

    @Test func aHeadSentByteByByteIsDisconnectedAfterTheTimeoutToo() async throws {
        let served = try await SiteServerTests.serve(idleTimeout: .seconds(1))
        defer { Task { await served.server.stop() } }
        let started = ContinuousClock.now
        let closed = try await RawHTTPClient.offTheTasks {
            let socket = try RawSocket(port: served.port, readTimeout: 0.1)
            defer { socket.close() }
            // A byte every 0.2 s: bytes arrive, but never a whole head.
            for character in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "a", count: 100) {
                guard (try? socket.send(String(character))) != nil, try socket.readAvailable() else { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
        let elapsed = ContinuousClock.now - started
        #expect(closed, "the connection stayed open for \(elapsed)")
        #expect(elapsed < .seconds(8), "closed after \(elapsed)")
    }

    @Test func anEventStreamOutlastsTheTimeout() async throws {
        try await SiteServerTests.watched(idleTimeout: .seconds(1)) { served, events in
            try await Task.sleep(for: .milliseconds(2500))
            try TestSupport.write(["conversations/small.json": SiteServerTests.conversation("Second thoughts")], in: served.site)
            _ = try await events.waitFor("event: reload\ndata: 2\n\n")
        }
    }
}
