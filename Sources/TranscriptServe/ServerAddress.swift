import Foundation
import NIOCore
import TranscriptModel
import TranscriptSupport

/// The address the preview server listens on, read from `--host` and `--port`.
enum ServerAddress {
    /// The IP address to bind for `host`: `localhost` is 127.0.0.1, an IPv4 or IPv6 address (brackets around the
    /// latter allowed) is itself. A name is refused rather than looked up: a preview server binds to an address.
    static func bindHost(for host: String) throws -> String {
        if host == "localhost" { return "127.0.0.1" }
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard (try? SocketAddress(ipAddress: name, port: 0)) != nil else {
            throw TranscriptsError(message: "--host \(host) is not an IP address (examples: 127.0.0.1, 0.0.0.0, ::1)")
        }
        return name
    }

    /// The `http://` URL of a listening socket's address; nil for an address without an IP and port.
    static func url(of address: SocketAddress?) -> URL? {
        guard let address, let ip = address.ipAddress, let port = address.port else { return nil }
        switch address {
        case .v6: return URL(string: "http://[\(ip)]:\(port)/")
        default: return URL(string: "http://\(ip):\(port)/")
        }
    }
}
