import FlyingFox
import Foundation
import TranscriptRender
import TranscriptSite

/// The site as the server shows it right now.
struct ServedSite: Sendable {
    /// The output folder of the last good build (or, before any, where the site would be).
    var outputFolder: URL
    /// How many builds succeeded: pages say which build they come from, to reload when it is not the latest.
    var generation: Int
    /// The error of the latest build, while it is broken.
    var buildError: String?
}

/// Answers every request: the reload script, the event stream, and the files of the site (GET and HEAD).
struct SiteRequestHandler: HTTPHandler {
    /// The site now.
    let site: @Sendable () async -> ServedSite
    let broadcaster: ReloadBroadcaster

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let isHead = request.method == .HEAD
        guard request.method == .GET || isHead else {
            return try ServedResponse(status: .methodNotAllowed, type: "text/plain; charset=utf-8", body: Data("Only GET and HEAD.\n".utf8))
                .http(headOnly: false, extraHeaders: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        let path = request.target.path()
        let served = await site()
        switch path {
        case ReloadScript.path:
            return try ServedResponse(status: .ok, type: MIMETypes.type(forPath: path), body: Data(ReloadScript.source.utf8))
                .http(headOnly: isHead)
        case ErrorPage.stylesheetPath:
            return try ServedResponse(status: .ok, type: MIMETypes.type(forPath: path), body: Data(ErrorPage.stylesheet.utf8))
                .http(headOnly: isHead)
        case ReloadScript.eventsPath where !isHead:
            return await eventStream(for: served)
        default:
            do {
                return try siteFile(path, in: served).http(headOnly: isHead, range: request.headers[HTTPHeader("Range")])
            } catch {
                // The file went away while it was read (a rebuild swapped the folder): as if it never was there.
                return try notFound(path, in: served).http(headOnly: isHead)
            }
        }
    }

    /// The response for `path` inside the site: the file (pages with the reload script), a redirect to a
    /// folder's address, or the not-found page.
    func siteFile(_ path: String, in served: ServedSite) throws -> ServedResponse {
        switch StaticFileResolver(root: served.outputFolder).resolve(requestPath: path) {
        case .file(let file):
            let type = MIMETypes.type(forPath: file.path)
            if MIMETypes.isHTML(type) {
                let page = try Data(contentsOf: file)
                return ServedResponse(status: .ok, type: type, body: ReloadScript.inject(snippet(for: served), into: page))
            }
            return ServedResponse(status: .ok, type: type, file: file)
        case .redirect(let location):
            var response = ServedResponse(
                status: .found, type: "text/plain; charset=utf-8", body: Data("This is a folder: \(location)\n".utf8))
            response.headers[.location] = location
            return response
        case .notFound:
            return notFound(path, in: served)
        }
    }

    /// The friendly not-found page, with the reload script (the page may appear with the next build).
    func notFound(_ path: String, in served: ServedSite) -> ServedResponse {
        let page = Data(ErrorPage.notFound(requestPath: path).utf8)
        return ServedResponse(
            status: .notFound, type: MIMETypes.byExtension["html"]!, body: ReloadScript.inject(snippet(for: served), into: page))
    }

    private func snippet(for served: ServedSite) -> String {
        ReloadScript.snippet(generation: served.generation, buildError: served.buildError)
    }

    /// The event stream of one page: first the generation it should be showing (and the build error, if
    /// any), then every event the broadcaster sends.
    private func eventStream(for served: ServedSite) async -> HTTPResponse {
        var initial = [ServerSentEvent(name: "generation", data: String(served.generation))]
        if let error = served.buildError { initial.append(ServerSentEvent(name: "error", data: error)) }
        let listener = await broadcaster.listen(startingWith: initial)
        var headers = ServedResponse.commonHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: EventStreamBody(listener: listener)))
    }
}

/// A response before it is sent: a status, headers and a body of bytes or a file.
struct ServedResponse {
    enum Body {
        case data(Data)
        case file(URL)
    }

    /// Sent with everything: never cache (a rebuilt page must never show stale), never guess another type.
    static let commonHeaders: HTTPHeaders = [.cacheControl: "no-cache", HTTPHeader("X-Content-Type-Options"): "nosniff"]

    var status: HTTPStatusCode
    var headers: HTTPHeaders
    var body: Body

    init(status: HTTPStatusCode, type: String, body: Data) {
        self.init(status: status, type: type, body: .data(body))
    }

    init(status: HTTPStatusCode, type: String, file: URL) {
        self.init(status: status, type: type, body: .file(file))
    }

    private init(status: HTTPStatusCode, type: String, body: Body) {
        self.status = status
        self.body = body
        headers = Self.commonHeaders
        headers[.contentType] = type
        if MIMETypes.isHTML(type) {
            // The pages' own policy (their meta tag says the same), so that the server's additions obey it too.
            headers[HTTPHeader("Content-Security-Policy")] = ContentSecurityPolicy.pages
        } else if type == MIMETypes.byExtension["svg"] {
            // An SVG opened on its own is a document that could run script: it never may.
            headers[HTTPHeader("Content-Security-Policy")] = "script-src 'none'; sandbox"
        }
    }

    /// The response to send; for HEAD, with the length of the body but not the body. A file is sent whole,
    /// or the one byte range `range` asks for (206), or a 416 for a range outside it.
    func http(headOnly: Bool, extraHeaders: HTTPHeaders = [:], range: String? = nil) throws -> HTTPResponse {
        var headers = headers
        for (name, value) in extraHeaders { headers[name] = value }
        switch body {
        case .data(let data):
            guard headOnly else { return HTTPResponse(statusCode: status, headers: headers, body: data) }
            headers[.contentLength] = String(data.count)
        case .file(let file):
            headers[HTTPHeader("Accept-Ranges")] = "bytes"
            if status == .ok, let range, let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int,
               let asked = ByteRange.parse(range, size: size)
            {
                guard case .satisfiable(let lower, let upper) = asked else {
                    headers[HTTPHeader("Content-Range")] = "bytes */\(size)"
                    headers[.contentLength] = "0"
                    return HTTPResponse(statusCode: .rangeNotSatisfiable, headers: headers, body: Data())
                }
                headers[HTTPHeader("Content-Range")] = "bytes \(lower)-\(upper)/\(size)"
                let handle = try FileHandle(forReadingFrom: file)
                defer { try? handle.close() }
                try handle.seek(toOffset: UInt64(lower))
                let slice = try handle.read(upToCount: upper - lower + 1) ?? Data()
                guard headOnly else { return HTTPResponse(statusCode: .partialContent, headers: headers, body: slice) }
                headers[.contentLength] = String(slice.count)
                return HTTPResponse(statusCode: .partialContent, headers: headers, body: Data())
            }
            let sequence = try HTTPBodySequence(file: file)
            guard headOnly else { return HTTPResponse(statusCode: status, headers: headers, body: sequence) }
            headers[.contentLength] = String(sequence.count ?? 0)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: Data())
    }
}
