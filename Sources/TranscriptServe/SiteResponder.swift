import Foundation
import Hummingbird
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
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// The site now.
    let site: @Sendable () async -> ServedSite
    let broadcaster: ReloadBroadcaster
    /// Reads the site's files as they are sent (on NIO's thread pool).
    let files = FileIO()

    func respond(to request: Request, context: Context) async throws -> Response {
        let isHead = request.method == .head
        guard request.method == .get || isHead else {
            var response = try await ServedResponse(
                status: .methodNotAllowed, type: "text/plain; charset=utf-8", body: Data("Only GET and HEAD.\n".utf8)
            ).response(headOnly: false, files: files, context: context)
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        // The path as sent: percent-encoded, without the query.
        let path = request.uri.path
        let served = await site()
        switch path {
        case ReloadScript.path:
            return try await ServedResponse(status: .ok, type: MIMETypes.type(forPath: path), body: Data(ReloadScript.source.utf8))
                .response(headOnly: isHead, files: files, context: context)
        case ErrorPage.stylesheetPath:
            return try await ServedResponse(status: .ok, type: MIMETypes.type(forPath: path), body: Data(ErrorPage.stylesheet.utf8))
                .response(headOnly: isHead, files: files, context: context)
        case ReloadScript.eventsPath where !isHead:
            return await eventStream(for: served)
        default:
            do {
                return try await siteFile(path, in: served)
                    .response(headOnly: isHead, range: request.headers[.range], files: files, context: context)
            } catch {
                // The file went away while it was read (a rebuild swapped the folder): as if it never was there.
                return try await notFound(path, in: served).response(headOnly: isHead, files: files, context: context)
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

    /// The event stream of one page (`text/event-stream`, sent chunked): first the generation it should be
    /// showing (and the build error, if any), then every event the broadcaster sends, each as soon as it comes.
    /// It ends when the broadcaster finishes or a write fails (the page went away), which releases the listener.
    private func eventStream(for served: ServedSite) async -> Response {
        var initial = [ServerSentEvent(name: "generation", data: String(served.generation))]
        if let error = served.buildError { initial.append(ServerSentEvent(name: "error", data: error)) }
        let listener = await broadcaster.listen(startingWith: initial)
        var headers = ServedResponse.commonHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            for await event in listener.events {
                try await writer.write(ByteBuffer(string: event.encoded))
            }
            try await writer.finish(nil)
        })
    }
}
