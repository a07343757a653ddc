import FlyingFox
import FlyingSocks
import Foundation
import TranscriptModel

/// The address the preview server listens on, read from `--host` and `--port`.
enum ServerAddress {
    /// The socket address for `host` (`localhost`, an IPv4 or an IPv6 address) and `port`.
    static func make(host: String, port: UInt16) throws -> any SocketAddress {
        let name = host == "localhost" ? "127.0.0.1" : host
        do {
            if name.contains(":") {
                return try sockaddr_in6.inet6(ip6: name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
            }
            return try sockaddr_in.inet(ip4: name, port: port)
        } catch {
            throw TranscriptsError(message: "--host \(host) is not an IP address (examples: 127.0.0.1, 0.0.0.0, ::1)")
        }
    }

    /// The `http://` URL of a listening socket's address.
    static func url(of address: Socket.Address) -> URL? {
        switch address {
        case .ip4(let ip, let port): URL(string: "http://\(ip):\(port)/")
        case .ip6(let ip, let port): URL(string: "http://[\(ip)]:\(port)/")
        case .unix: nil
        }
    }
}
