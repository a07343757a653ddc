import FlyingFox
import FlyingSocks
import Foundation

/// The preview server's listening socket: it reads each request's head with limits (`RequestHead`) and hands the
/// request to FlyingFox, which listens on a socket file of its own in a private folder, byte for byte both ways.
///
/// FlyingFox accepts connections only on a socket of its own and reads their heads itself, in time that grows
/// with the square of a line's length; it has no setting for the size of a head. So the front accepts, reads the
/// head in one pass, answers a head over the limits with 431 and closes, and otherwise connects to FlyingFox,
/// sends it the head (with `Connection: close`: one request per connection) and copies what follows, the body
/// one way and the response the other, until FlyingFox closes.
actor FrontDoor {
    private let listener: AsyncSocket
    private let pool: any AsyncSocketPool
    private var tasks: [Task<Void, any Error>] = []

    /// Listens on `address`; each request goes to FlyingFox at `backend`.
    init(address: some SocketAddress, backend: sockaddr_un) async throws {
        pool = HTTPServer.defaultPool()
        try await pool.prepare()
        let socket = try Socket(domain: Int32(type(of: address).family))
        do {
            try socket.setValue(true, for: .localAddressReuse)
            #if canImport(Darwin)
            try socket.setValue(true, for: .noSIGPIPE)
            #endif
            try socket.bind(to: address)
            try socket.listen()
        } catch {
            try? socket.close()
            throw error
        }
        listener = try AsyncSocket(socket: socket, pool: pool)
        let pool = self.pool
        let listener = self.listener
        tasks = [
            Task { try await pool.run() },
            Task {
                // Cancelling this task (`close()`) cancels every connection's task too.
                await withDiscardingTaskGroup { group in
                    while !Task.isCancelled {
                        do {
                            let client = try await listener.accept()
                            group.addTask { await Self.serve(client, backend: backend, pool: pool) }
                        } catch {
                            // Out of descriptors, a connection reset before it was accepted: try again soon.
                            try? await Task.sleep(for: .milliseconds(10))
                        }
                    }
                }
            },
        ]
    }

    /// The address the front listens on.
    nonisolated var listeningAddress: Socket.Address? { try? listener.socket.sockname() }

    /// Stops listening and ends the connections still open.
    func close() async {
        for task in tasks.reversed() {
            task.cancel()
            _ = await task.result
        }
        try? listener.socket.close()
    }

    /// One connection: its head, then FlyingFox's answer.
    private static func serve(_ client: AsyncSocket, backend: sockaddr_un, pool: any AsyncSocketPool) async {
        defer { try? client.close() }
        let outcome: RequestHead.Outcome
        do {
            outcome = try await RequestHead.read(from: client)
        } catch {
            return
        }
        switch outcome {
        case .ended:
            return
        case .tooLarge:
            await refuse(client)
        case .head(let head, let rest):
            guard let server = try? await connect(to: backend, pool: pool) else { return }
            defer { try? server.close() }
            do {
                try await server.write(Data(head + rest))
            } catch {
                return
            }
            await relay(client, server)
        }
    }

    private static func connect(to address: sockaddr_un, pool: any AsyncSocketPool) async throws -> AsyncSocket {
        let socket = try AsyncSocket(socket: Socket(domain: AF_UNIX, type: .stream), pool: pool)
        do {
            try await socket.connect(to: address)
        } catch {
            try? socket.close()
            throw error
        }
        return socket
    }

    /// Copies the client's bytes to FlyingFox and FlyingFox's to the client until FlyingFox closes (or either
    /// side fails); a client that stops sending (or closes) only ends its own direction.
    private static func relay(_ client: AsyncSocket, _ server: AsyncSocket) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                if !(await copy(from: client, to: server)) {
                    shut(server.socket, how: Int32(SHUT_RDWR))  // the client failed: end the answer too
                } else {
                    shut(server.socket, how: Int32(SHUT_WR))
                }
            }
            group.addTask {
                _ = await copy(from: server, to: client)
                // FlyingFox closed (the answer is whole) or the client went: the client's direction ends too.
                shut(client.socket, how: Int32(SHUT_RDWR))
            }
        }
    }

    /// Copies until the source ends (true) or a read or write fails (false).
    private static func copy(from source: AsyncSocket, to destination: AsyncSocket) async -> Bool {
        while true {
            let bytes: [UInt8]
            do {
                bytes = try await source.read(atMost: 65536)
            } catch SocketError.disconnected {
                return true
            } catch {
                return false
            }
            do {
                try await destination.write(Data(bytes))
            } catch {
                return false
            }
        }
    }

    /// 431 Request Header Fields Too Large, then the connection is closed. What the client still sends is read and
    /// dropped for up to a second first, so that it reads the answer rather than a reset connection.
    private static func refuse(_ client: AsyncSocket) async {
        let text = "The request's head is too large: a line may have at most \(RequestHead.lineLimit) bytes, "
            + "the head \(RequestHead.headLimit).\n"
        let answer = "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(text.utf8.count)\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n"
            + "Connection: close\r\n\r\n" + text
        guard (try? await client.write(Data(answer.utf8))) != nil else { return }
        shut(client.socket, how: Int32(SHUT_WR))
        let deadline = Task {
            try await Task.sleep(for: .seconds(1))
            shut(client.socket, how: Int32(SHUT_RDWR))
        }
        var dropped = 0
        while dropped < 16 * 1024 * 1024, let bytes = try? await client.read(atMost: 65536) {
            dropped += bytes.count
        }
        deadline.cancel()
        _ = await deadline.result
    }

    /// `shutdown(2)`: wakes a task waiting to read the socket (it reads the end) without closing the descriptor,
    /// which its own task closes.
    private static func shut(_ socket: Socket, how: Int32) {
        _ = shutdown(socket.file.rawValue, how)
    }
}
