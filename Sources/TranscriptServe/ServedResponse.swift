import Foundation
import HTTPTypes
import Hummingbird
import TranscriptRender

/// A response before it is sent: a status, headers and a body of bytes or a file.
struct ServedResponse {
    enum Body {
        case data(Data)
        case file(URL)
    }

    /// Sent with everything: never cache (a rebuilt page must never show stale), never guess another type.
    static let commonHeaders: HTTPFields = [.cacheControl: "no-cache", .xContentTypeOptions: "nosniff"]

    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Body

    init(status: HTTPResponse.Status, type: String, body: Data) {
        self.init(status: status, type: type, body: .data(body))
    }

    init(status: HTTPResponse.Status, type: String, file: URL) {
        self.init(status: status, type: type, body: .file(file))
    }

    private init(status: HTTPResponse.Status, type: String, body: Body) {
        self.status = status
        self.body = body
        headers = Self.commonHeaders
        headers[.contentType] = type
        if MIMETypes.isHTML(type) {
            // The pages' own policy (their meta tag says the same), so that the server's additions obey it too.
            headers[.contentSecurityPolicy] = TranscriptRender.ContentSecurityPolicy.pages
        } else if type == MIMETypes.byExtension["svg"] {
            // An SVG opened on its own is a document that could run script: it never may.
            headers[.contentSecurityPolicy] = "script-src 'none'; sandbox"
        }
    }

    /// The response to send; for HEAD, with the length of the body but not the body. A file is read by Hummingbird's
    /// `FileIO` as it is sent: whole, or the one byte range `range` asks for (206), or a 416 for a range outside it.
    func response(headOnly: Bool, range: String? = nil, files: FileIO, context: some RequestContext) async throws -> Response {
        var headers = headers
        switch body {
        case .data(let data):
            let buffer = ByteBuffer(bytes: data)
            guard headOnly else { return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: buffer)) }
            headers[.contentLength] = String(buffer.readableBytes)
            return Response(status: status, headers: headers)
        case .file(let file):
            headers[.acceptRanges] = "bytes"
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            var status = status
            var bytes = 0..<size
            if status == .ok, let range, let asked = ByteRange.parse(range, size: size) {
                guard case .satisfiable(let lower, let upper) = asked else {
                    headers[.contentRange] = "bytes */\(size)"
                    headers[.contentLength] = "0"
                    return Response(status: .rangeNotSatisfiable, headers: headers)
                }
                headers[.contentRange] = "bytes \(lower)-\(upper)/\(size)"
                status = .partialContent
                bytes = lower..<(upper + 1)
            }
            headers[.contentLength] = String(bytes.count)
            guard !headOnly, !bytes.isEmpty else { return Response(status: status, headers: headers) }
            let body = try await files.loadFile(path: file.path, range: bytes.lowerBound...(bytes.upperBound - 1), context: context)
            return Response(status: status, headers: headers, body: body)
        }
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
}
