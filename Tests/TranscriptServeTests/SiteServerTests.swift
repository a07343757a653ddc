import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel
import TranscriptRender
@testable import TranscriptServe
@testable import TranscriptSite
@testable import TranscriptSupport

/// `SiteServer` in this process on a free port, spoken to over real HTTP with a raw socket.
@Suite struct SiteServerTests {
    /// A served site: its folders, the server, its port, and what it reported.
    struct Served {
        let site: URL
        let server: SiteServer
        let port: Int
        let reports: Reports

        var output: URL { site.appendingPathComponent("public") }

        func get(_ target: String, method: String = "GET", headers: [String: String] = [:]) async throws -> RawHTTPResponse {
            try await RawHTTPClient.request(target, method: method, headers: headers, port: port)
        }

        func onDisk(_ path: String) throws -> Data { try Data(contentsOf: output.appendingPathComponent(path)) }
    }

    /// What the server reported, in order.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [ServeEvent] = []
        func record(_ event: ServeEvent) { lock.withLock { events.append(event) } }
        var builds: Int { lock.withLock { events.filter { if case .built = $0 { true } else { false } }.count } }
        var failures: [String] { lock.withLock { events.compactMap { if case .failed(let message) = $0 { message } else { nil } } } }
    }

    static let message = #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "TEXT"}"#

    static func conversation(_ text: String) -> String {
        TestSupport.conversation(id: "small", title: "Small", messages: [message.replacingOccurrences(of: "TEXT", with: text)])
    }

    static func serve(name: String = #function, idleTimeout: Duration = .seconds(30)) async throws -> Served {
        let site = try TestSupport.makeSite(conversations: ["small.json": conversation("First words")], name: name)
        let reports = Reports()
        let server = SiteServer(
            options: ServeOptions(build: BuildOptions(site: site), port: 0, pollInterval: .milliseconds(100), idleTimeout: idleTimeout),
            report: { reports.record($0) })
        let url = try await server.start()
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:"))
        return Served(site: site, server: server, port: try #require(url.port), reports: reports)
    }

    /// Serves a site (as `serve` does), watches it for edits, and opens an event stream that has seen the first build;
    /// `body` runs with them, and the server stops afterwards.
    static func watched(
        name: String = #function, idleTimeout: Duration = .seconds(30), _ body: (Served, EventStreamReader) async throws -> Void
    ) async throws {
        let served = try await serve(name: name, idleTimeout: idleTimeout)
        let watching = Task { try await served.server.watch() }
        defer {
            watching.cancel()
            Task { await served.server.stop() }
        }
        let events = try await EventStreamReader(port: served.port)
        _ = try await events.waitFor("event: generation\ndata: 1\n\n")
        try await body(served, events)
    }

    static let snippet = #"<link rel="stylesheet" href="/__transcripts/serve.css"><script src="/__transcripts/reload.js?generation=1"></script>"#

    @Test func pagesGetTheReloadScriptButTheFilesOnDiskNever() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        let home = try await served.get("/")
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        let onDisk = String(decoding: try served.onDisk("index.html"), as: UTF8.self)
        #expect(home.text == onDisk.replacingOccurrences(of: "</body>", with: Self.snippet + "</body>"))
        let page = try await served.get("/c/small/2024-05.html")
        #expect(page.text.contains("First words"))
        #expect(page.text.contains(Self.snippet + "</body>"))
        // The site on disk is what `transcripts build` writes: no trace of the server.
        let files = FileManager.default.enumerator(at: served.output, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
        #expect(files.count >= 5)
        for file in files {
            #expect(!String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("__transcripts"), "\(file.path)")
        }
        // Other files go out as they are.
        let css = try await served.get("/assets/transcripts.css")
        #expect(css.body == (try served.onDisk("assets/transcripts.css")))
        // As pages link them, with the assets' version.
        let linked = try await served.get("/assets/transcripts.css?v=0123abcd")
        #expect(linked.body == css.body)
    }

    @Test func everyResponseSaysNoCacheNoSniffAndItsType() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        try TestSupport.write(
            ["m/p.png": "png", "m/p.jpg": "jpg", "m/p.gif": "gif", "m/p.webp": "webp", "m/v.mp4": "mp4", "m/v.webm": "webm",
             "m/a.mp3": "mp3", "m/a.ogg": "ogg", "m/a.wav": "wav", "m/d.pdf": "pdf", "m/x.bin": "bin", "m/x.json": "{}",
             "m/x.odd": "odd", "m/i.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"],
            in: served.output)
        let expected = [
            "/": "text/html; charset=utf-8", "/c/small/": "text/html; charset=utf-8",
            "/assets/transcripts.css": "text/css; charset=utf-8", "/assets/theme.js": "text/javascript; charset=utf-8",
            "/c/small/feed.xml": "application/xml; charset=utf-8", "/m/p.png": "image/png", "/m/p.jpg": "image/jpeg",
            "/m/p.gif": "image/gif", "/m/p.webp": "image/webp", "/m/v.mp4": "video/mp4", "/m/v.webm": "video/webm",
            "/m/a.mp3": "audio/mpeg", "/m/a.ogg": "audio/ogg", "/m/a.wav": "audio/wav", "/m/d.pdf": "application/pdf",
            "/m/x.bin": "application/octet-stream", "/m/x.json": "application/json", "/m/x.odd": "application/octet-stream",
            "/m/i.svg": "image/svg+xml", "/nothing-here": "text/html; charset=utf-8",
            "/__transcripts/reload.js": "text/javascript; charset=utf-8", "/__transcripts/serve.css": "text/css; charset=utf-8",
        ]
        for (path, type) in expected {
            let response = try await served.get(path)
            #expect(response.status == (path == "/nothing-here" ? 404 : 200), "\(path)")
            #expect(response.headers["content-type"] == type, "\(path)")
            #expect(response.headers["cache-control"] == "no-cache", "\(path)")
            #expect(response.headers["x-content-type-options"] == "nosniff", "\(path)")
            let policy = path.hasSuffix(".svg") ? "script-src 'none'; sandbox"
                : type.hasPrefix("text/html") ? ContentSecurityPolicy.pages : nil
            #expect(response.headers["content-security-policy"] == policy, "\(path)")
        }
        #expect(try await served.get("/m/x.bin").text == "bin")
    }

    @Test func mediaCanBeAskedForInRangesSoThatPlayersSeek() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        try TestSupport.write(["m/v.mp4": "0123456789abcdefghij"], in: served.output)
        let whole = try await served.get("/m/v.mp4")
        #expect(whole.status == 200 && whole.text == "0123456789abcdefghij" && whole.headers["accept-ranges"] == "bytes")
        let middle = try await served.get("/m/v.mp4", headers: ["Range": "bytes=5-9"])
        #expect(middle.status == 206 && middle.text == "56789")
        #expect(middle.headers["content-range"] == "bytes 5-9/20" && middle.headers["content-length"] == "5")
        let tail = try await served.get("/m/v.mp4", headers: ["Range": "bytes=-3"])
        #expect(tail.status == 206 && tail.text == "hij" && tail.headers["content-range"] == "bytes 17-19/20")
        let open = try await served.get("/m/v.mp4", headers: ["Range": "bytes=18-"])
        #expect(open.status == 206 && open.text == "ij")
        let outside = try await served.get("/m/v.mp4", headers: ["Range": "bytes=20-30"])
        #expect(outside.status == 416 && outside.headers["content-range"] == "bytes */20")
        // Several ranges, or nonsense: the whole file.
        let several = try await served.get("/m/v.mp4", headers: ["Range": "bytes=0-1,5-6"])
        #expect(several.status == 200 && several.text == "0123456789abcdefghij")
        let head = try await served.get("/m/v.mp4", method: "HEAD", headers: ["Range": "bytes=0-3"])
        #expect(head.status == 206 && head.body.isEmpty && head.headers["content-length"] == "4")
        // Pages are always sent whole (they get the reload script).
        let page = try await served.get("/", headers: ["Range": "bytes=0-3"])
        #expect(page.status == 200 && page.text.contains("reload.js"))
    }

    @Test func byteRangesAreReadAsTheStandardSays() {
        #expect(ByteRange.parse("bytes=0-0", size: 10) == .satisfiable(lower: 0, upper: 0))
        #expect(ByteRange.parse("bytes=3-100", size: 10) == .satisfiable(lower: 3, upper: 9))
        #expect(ByteRange.parse("bytes=-100", size: 10) == .satisfiable(lower: 0, upper: 9))
        #expect(ByteRange.parse("bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", size: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=5-4", size: 10) == nil)
        #expect(ByteRange.parse("items=0-4", size: 10) == nil)
        #expect(ByteRange.parse("bytes=a-b", size: 10) == nil)
        #expect(ByteRange.parse("bytes=99999999999999999999-", size: 10) == nil)
    }

    @Test func foldersRedirectToTheirSlashAndServeTheirIndex() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        let redirect = try await served.get("/c/small")
        #expect(redirect.status == 302)
        #expect(redirect.headers["location"] == "/c/small/")
        let folder = try await served.get("/c/small/")
        #expect(folder.status == 200)
        let index = String(decoding: try served.onDisk("c/small/index.html"), as: UTF8.self)
        #expect(folder.text == index.replacingOccurrences(of: "</body>", with: Self.snippet + "</body>"))
        #expect(try await served.get("/c/small/index.html/").status == 404)
        #expect(try await served.get("/c/").status == 404)
        #expect(try await served.get("/c/small/?q=1").status == 200)
    }

    @Test func headSendsTheHeadersOfGetWithoutTheBody() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        for path in ["/", "/assets/transcripts.css", "/missing", "/__transcripts/reload.js"] {
            let get = try await served.get(path)
            let head = try await served.get(path, method: "HEAD")
            #expect(head.status == get.status, "\(path)")
            #expect(head.body.isEmpty, "\(path)")
            #expect(head.headers["content-length"] == String(get.body.count), "\(path)")
            #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
        }
        #expect(try await served.get("/", method: "POST").status == 405)
    }

    @Test func theNotFoundPageIsFriendlyAndEscaped() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        let response = try await served.get("/c/%3Cimg%20src=x%20onerror=alert(1)%3E")
        #expect(response.status == 404)
        #expect(response.text.contains("<title>Not found</title>"))
        #expect(response.text.contains("<code>/c/&lt;img src=x onerror=alert(1)&gt;</code>"))
        #expect(!response.text.contains("<img"))
        #expect(response.text.contains(#"<a href="/">"#))
        #expect(response.text.contains(Self.snippet + "</body>"))
    }

    @Test func nothingOutsideTheOutputFolderIsEverServed() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        let secret = "SECRET-\(UUID().uuidString)"
        try TestSupport.write(["secret.txt": secret], in: served.site)
        let secretFile = served.site.appendingPathComponent("secret.txt").path
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: served.output.appendingPathComponent("leak.txt").path, withDestinationPath: secretFile)
        try manager.createSymbolicLink(atPath: served.output.appendingPathComponent("site").path, withDestinationPath: served.site.path)
        try manager.createSymbolicLink(atPath: served.output.appendingPathComponent("copy.css").path, withDestinationPath: "assets/transcripts.css")
        let attempts = [
            "/../secret.txt", "/c/../../secret.txt", "/c/small/../../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/.%2e/secret.txt", "/..%2fsecret.txt", "/..%2Fsecret.txt", "/%2e%2e%2fsecret.txt", "/c%2f..%2f..%2fsecret.txt",
            "/assets/..%2f..%2fsecret.txt", "/..\\secret.txt", "/..%5csecret.txt", "/%5c..%5csecret.txt",
            "//" + secretFile, "/%2F" + secretFile.dropFirst(), secretFile, "/../../../../../../../../etc/passwd",
            "http://127.0.0.1:\(served.port)/../secret.txt", "secret.txt", "/secret.txt%00.html", "/%00/secret.txt",
            "/leak.txt", "/site/secret.txt", "/site/", "/site/transcripts.yml",
        ]
        for target in attempts {
            let response = try await served.get(target)
            // A target that is neither a path nor a URL is refused by the HTTP decoder (400); the rest lead nowhere.
            #expect(response.status == (target == "secret.txt" ? 400 : 404), "\(target)")
            #expect(!response.text.contains(secret), "\(target)")
        }
        // The control: the secret is there to be leaked, and a symlink inside the site is served.
        #expect(try String(contentsOfFile: secretFile, encoding: .utf8) == secret)
        #expect(try await served.get("/copy.css").status == 200)
    }

    @Test func anEditReloadsOpenPagesAfterOneRebuild() async throws {
        try await Self.watched { served, events in
            #expect(await served.server.listeningPages == 1)
            #expect(served.reports.builds == 1)
            try TestSupport.write(["conversations/small.json": Self.conversation("Second thoughts")], in: served.site)
            _ = try await events.waitFor("event: reload\ndata: 2\n\n")
            let page = try await served.get("/c/small/2024-05.html")
            #expect(page.text.contains("Second thoughts"))
            #expect(!page.text.contains("First words"))
            #expect(page.text.contains(#"reload.js?generation=2""#))
            // One save, one rebuild.
            try await Task.sleep(for: .milliseconds(600))
            #expect(served.reports.builds == 2)
            // A page that connects with an old generation is told which one is current.
            let late = try await EventStreamReader(port: served.port)
            _ = try await late.waitFor("event: generation\ndata: 2\n\n")
        }
    }

    @Test func aBrokenBuildShowsItsErrorAndTheSiteRecovers() async throws {
        try await Self.watched { served, events in
            let config = try TestSupport.read(served.site.appendingPathComponent("transcripts.yml"))

            // A broken config: the error comes as an event, over every page (escaped), and in the report.
            try TestSupport.write(["transcripts.yml": config + "bad: [<b>\n"], in: served.site)
            let received = try await events.waitFor("event: error\ndata: ")
            #expect(received.contains("transcripts.yml"))
            #expect(received.contains("bad: [<b>"))
            let broken = try await served.get("/c/small/2024-05.html")
            #expect(broken.status == 200)
            #expect(broken.text.contains("First words"))
            #expect(broken.text.contains(#"<div id="transcripts-serve-error" role="alert""#))
            #expect(broken.text.contains("bad: [&lt;b&gt;"))
            #expect(!broken.text.contains("[<b>"))
            #expect(served.reports.failures.count == 1)
            // A page opened now hears of the error as soon as it connects.
            let late = try await EventStreamReader(port: served.port)
            _ = try await late.waitFor("event: error\ndata: ")

            // Fixed: pages reload to the site, without the error.
            try TestSupport.write(["transcripts.yml": config], in: served.site)
            _ = try await events.waitFor("event: reload\ndata: 2\n\n")
            let fixed = try await served.get("/c/small/2024-05.html")
            #expect(!fixed.text.contains("transcripts-serve-error"))

            // An export that cannot be read, then a missing template: the same, each naming its file.
            try TestSupport.write(["conversations/small.json": "{\"format\": \"transcripts/1\", "], in: served.site)
            let unreadable = try await events.waitFor("small.json")
            #expect(unreadable.contains("event: error"))
            try TestSupport.write(
                ["conversations/small.json": Self.conversation("Third time"), "Templates/index.mustache": "{{> partials/nowhere}}"],
                in: served.site)
            _ = try await events.waitFor("nowhere")
            try FileManager.default.removeItem(at: served.site.appendingPathComponent("Templates/index.mustache"))
            _ = try await events.waitFor("event: reload\ndata: 3\n\n")
            #expect(try await served.get("/c/small/2024-05.html").text.contains("Third time"))
            #expect(served.reports.failures.count == 3)
        }
    }

    @Test func aSiteWhoseFirstBuildFailsIsServedOnceFixed() async throws {
        let site = try TestSupport.makeSite(config: "title: [\n", conversations: ["small.json": Self.conversation("At last")])
        let reports = Reports()
        let server = SiteServer(
            options: ServeOptions(build: BuildOptions(site: site), port: 0, pollInterval: .milliseconds(100)),
            report: { reports.record($0) })
        let port = try #require(try await server.start().port)
        let watching = Task { try await server.watch() }
        defer {
            watching.cancel()
            Task { await server.stop() }
        }
        #expect(reports.failures.count == 1)
        let nothingYet = try await RawHTTPClient.request("/", port: port)
        #expect(nothingYet.status == 404)
        #expect(nothingYet.text.contains(#"<div id="transcripts-serve-error""#))
        #expect(nothingYet.text.contains("transcripts.yml"))
        let events = try await EventStreamReader(port: port)
        let received = try await events.waitFor("event: error\ndata: ")
        #expect(received.contains("event: generation\ndata: 0\n\n"))
        try TestSupport.write(["transcripts.yml": "title: Fixed\n"], in: site)
        _ = try await events.waitFor("event: reload\ndata: 1\n\n")
        let page = try await RawHTTPClient.request("/c/small/2024-05.html", port: port)
        #expect(page.status == 200)
        #expect(page.text.contains("At last"))
    }

    @Test func aTakenPortIsAnError() async throws {
        let served = try await Self.serve()
        defer { Task { await served.server.stop() } }
        let second = SiteServer(options: ServeOptions(build: BuildOptions(site: served.site), port: UInt16(served.port)))
        await #expect(throws: TranscriptsError.self) { _ = try await second.start() }
        let badHost = SiteServer(options: ServeOptions(build: BuildOptions(site: served.site), host: "example.org", port: 0))
        await #expect(throws: TranscriptsError.self) { _ = try await badHost.start() }
    }
}
