import Foundation
import Testing

@testable import TranscriptServe

/// Request heads over `HeadLimits`, sent over a real socket to a served site: answered 431 at once, and the server
/// goes on answering everyone.
@Suite struct HeadLimitTests {
    /// Sends `head` as it is and reads until the server closes; the answer and how long it took.
    static func send(_ head: String, port: Int) async throws -> (answer: RawHTTPResponse, seconds: Double) {
        let started = ContinuousClock.now
        let raw = try await RawHTTPClient.offTheTasks {
            let socket = try RawSocket(port: port)
            defer { socket.close() }
            try socket.send(head)
            return try socket.readToEnd()
        }
        let elapsed = ContinuousClock.now - started
        return (try RawHTTPClient.parse(raw), Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// Heads over the limits, by name.
    static let oversized = [
        "a 100 KB request line": "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
        "1,000 headers": "GET / HTTP/1.1\r\nHost: x\r\n" + (0..<1_000).map { "X-\($0): y\r\n" }.joined() + "\r\n",
        "a header value one byte over":
            "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + String(repeating: "b", count: HeadLimits.fieldSize + 1) + "\r\n\r\n",
        "a head over 64 KiB":
            "GET / HTTP/1.1\r\n" + (0..<90).map { "X-\($0): " + String(repeating: "c", count: 800) + "\r\n" }.joined() + "\r\n",
    ]

    @Test(arguments: oversized.keys.sorted())
    func aHeadOverTheLimitsIsRefusedAtOnce(name: String) async throws {
        let head = try #require(Self.oversized[name])
        let served = try await SiteServerTests.serve(name: "HeadLimitTests-\(name.filter(\.isLetter))")
        defer { Task { await served.server.stop() } }
        let (answer, seconds) = try await Self.send(head, port: served.port)
        #expect(answer.status == 431, "\(name)")
        #expect(answer.text == HeadLimits.explanation, "\(name)")
        #expect(answer.headers["connection"] == "close", "\(name)")
        #expect(seconds < 1, "\(name): \(seconds) s")
        let page = try await served.get("/")
        #expect(page.status == 200, "\(name)")
    }

    @Test func aHeadAtTheLimitsIsServed() async throws {
        let served = try await Self.serveOnce()
        defer { Task { await served.server.stop() } }
        let value = String(repeating: "b", count: HeadLimits.fieldSize)
        #expect(try await served.get("/", headers: ["X-Long": value]).status == 200)
        // 99 fields (`Host` and `Connection` are two of them), names and values just under 64 KiB in all.
        var headers: [String: String] = [:]
        for number in 0..<97 { headers[String(format: "X-%05d", number)] = String(repeating: "c", count: 660) }
        #expect(try await served.get("/", headers: headers).status == 200)
    }

    @Test func othersAreServedWhileHeadsThatNeverEndArrive() async throws {
        let served = try await Self.serveOnce()
        defer { Task { await served.server.stop() } }
        // Ten connections that send a line without end, 64 KB at a time, for as long as the server reads.
        let attackers = try await RawHTTPClient.offTheTasks {
            try (0..<10).map { _ in try RawSocket(port: served.port) }
        }
        let chunk = "GET /" + String(repeating: "a", count: 65_536)
        let sending = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for socket in attackers {
                    group.addTask { try? await RawHTTPClient.offTheTasks { try socket.send(chunk + chunk) } }
                }
                try await group.waitForAll()
            }
        }
        for _ in 0..<5 {
            #expect(try await served.get("/").status == 200)
        }
        try await sending.value
        for socket in attackers { socket.close() }
    }

    /// A head over the limits after requests sent without waiting: they are answered first, then the 431.
    @Test func aHeadOverTheLimitsAfterOthersIsAnsweredAfterThem() async throws {
        let served = try await Self.serveOnce()
        defer { Task { await served.server.stop() } }
        let request = "GET /assets/transcripts.css HTTP/1.1\r\nHost: x\r\n\r\n"
        let oversized = try #require(Self.oversized["a 100 KB request line"])
        let raw = try await RawHTTPClient.offTheTasks {
            let socket = try RawSocket(port: served.port)
            defer { socket.close() }
            try socket.send(request + request + oversized)
            return try socket.readToEnd()
        }
        let text = String(decoding: raw, as: UTF8.self)
        let ok = text.components(separatedBy: "HTTP/1.1 200 OK\r\n")
        #expect(ok.count == 3)
        #expect(ok.last?.contains("HTTP/1.1 431 Request Header Fields Too Large\r\n") == true)
        #expect(text.hasSuffix(HeadLimits.explanation))
    }

    @Test func severalRequestsMayShareAConnection() async throws {
        let served = try await Self.serveOnce()
        defer { Task { await served.server.stop() } }
        let request = "GET /assets/transcripts.css HTTP/1.1\r\nHost: x\r\n\r\n"
        let raw = try await RawHTTPClient.offTheTasks {
            let socket = try RawSocket(port: served.port)
            defer { socket.close() }
            try socket.send(request + request + "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return try socket.readToEnd()
        }
        #expect(String(decoding: raw, as: UTF8.self).components(separatedBy: "HTTP/1.1 200 OK\r\n").count == 4)
    }

    static func serveOnce(name: String = #function) async throws -> SiteServerTests.Served {
        try await SiteServerTests.serve(name: "HeadLimitTests-\(name.filter(\.isLetter))")
    }
}
