import Foundation

#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private func closeDescriptor(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
// MSG_NOSIGNAL: a server that closes while a test still sends (a refused head) is an error, not SIGPIPE.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
}
#else
import Darwin
private let streamSocket = SOCK_STREAM
private func closeDescriptor(_ descriptor: Int32) { _ = Darwin.close(descriptor) }
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { Darwin.send(descriptor, bytes, count, 0) }
#endif

/// A response as it came over the socket.
struct RawHTTPResponse {
    var status: Int
    /// Header values by lower-case name.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// An HTTP client made of a plain TCP socket, so that tests can send request lines exactly as written
/// (`/../`, `%2e%2e`, backslashes), which URLSession would clean up first. The blocking socket calls run on a
/// dispatch queue, never on the tasks the in-process server needs.
enum RawHTTPClient {
    /// Sends `method target` with `Connection: close` and reads the whole response.
    static func request(
        _ target: String, method: String = "GET", headers: [String: String] = [:], port: Int
    ) async throws -> RawHTTPResponse {
        let extra = headers.keys.sorted().map { "\($0): \(headers[$0]!)\r\n" }.joined()
        let head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)Connection: close\r\n\r\n"
        let raw = try await offTheTasks {
            let socket = try RawSocket(port: port)
            defer { socket.close() }
            try socket.send(head)
            return try socket.readToEnd()
        }
        return try parse(raw)
    }

    static func parse(_ raw: Data) throws -> RawHTTPResponse {
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else { throw RawHTTPError("no end of headers in \(raw.count) bytes") }
        let lines = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawHTTPError("bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RawHTTPResponse(status: status, headers: headers, body: Data(raw[split.upperBound...]))
    }

    /// Runs blocking work on a queue of its own (a thread of its own: the global queues have only as many
    /// threads as cores, and the builds need them) and waits for it.
    static func offTheTasks<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "RawHTTPClient").async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// An open event stream (`GET /__transcripts/events`), read as text as it arrives.
final class EventStreamReader: Sendable {
    private let socket: RawSocket

    init(port: Int) async throws {
        socket = try await RawHTTPClient.offTheTasks {
            let socket = try RawSocket(port: port, readTimeout: 0.2)
            try socket.send("GET /__transcripts/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
            return socket
        }
    }

    deinit { socket.close() }

    /// Everything received so far, once it contains `text` (waits up to `seconds`).
    func waitFor(_ text: String, seconds: Double = 15) async throws -> String {
        let socket = self.socket
        return try await RawHTTPClient.offTheTasks {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let received = socket.receivedText()
                if received.contains(text) { return received }
                try socket.readAvailable()
            }
            throw RawHTTPError("\(text.debugDescription) did not come in \(seconds) s; received:\n\(socket.receivedText())")
        }
    }
}

struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A connected TCP socket to 127.0.0.1 and the bytes read from it.
final class RawSocket: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var received = Data()

    init(port: Int, readTimeout: Double = 10) throws {
        descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw RawHTTPError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            closeDescriptor(descriptor)
            throw RawHTTPError("cannot connect to port \(port)")
        }
        var timeout = timeval(tv_sec: Int(readTimeout), tv_usec: Int((readTimeout - Double(Int(readTimeout))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard sent > 0 else { throw RawHTTPError("send() failed") }
            offset += sent
        }
    }

    /// Reads until the server closes the connection (or 20 s have passed).
    func readToEnd() throws -> Data {
        let deadline = Date().addingTimeInterval(20)
        while try readAvailable() {
            if Date() > deadline { throw RawHTTPError("the server did not close the connection") }
        }
        return lock.withLock { received }
    }

    /// Reads what is there (waiting up to the read timeout); false when the connection is closed.
    @discardableResult
    func readAvailable() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16384)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count > 0 {
            lock.withLock { received.append(contentsOf: buffer[..<count]) }
            return true
        }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return true }
        return false
    }

    func receivedText() -> String {
        lock.withLock { String(decoding: received, as: UTF8.self) }
    }

    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        closeDescriptor(descriptor)
    }
}
