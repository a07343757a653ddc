import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptServe

/// The small pieces of `transcripts serve`: media types, the reload script's injection, event encoding, the
/// error and not-found HTML.
@Suite struct LiveReloadPartsTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("a/b/page.HTM", "text/html; charset=utf-8"),
        ("assets/transcripts.css", "text/css; charset=utf-8"), ("assets/theme.js", "text/javascript; charset=utf-8"),
        ("x.json", "application/json"), ("c/x/feed.xml", "application/xml; charset=utf-8"),
        ("feed.atom", "application/atom+xml; charset=utf-8"), ("m/p.png", "image/png"), ("m/p.jpg", "image/jpeg"),
        ("m/p.JPEG", "image/jpeg"), ("m/p.gif", "image/gif"), ("m/p.webp", "image/webp"), ("m/p.svg", "image/svg+xml"),
        ("m/v.mp4", "video/mp4"), ("m/v.webm", "video/webm"), ("m/a.mp3", "audio/mpeg"), ("m/a.ogg", "audio/ogg"),
        ("m/a.wav", "audio/wav"), ("m/d.pdf", "application/pdf"), ("m/x.bin", "application/octet-stream"),
        ("m/x.unknown", "application/octet-stream"), ("m/noextension", "application/octet-stream"),
        ("m/.hidden", "application/octet-stream"), ("m.d/file", "application/octet-stream"),
    ])
    func mediaTypes(path: String, type: String) {
        #expect(MIMETypes.type(forPath: path) == type)
    }

    @Test func theScriptGoesBeforeTheLastClosingBody() {
        let page = Data("<html><body><p>a</p><!-- </body> --></BODY>\n</html>\n".utf8)
        let injected = ReloadScript.inject("<s>", into: page)
        #expect(String(decoding: injected, as: UTF8.self) == "<html><body><p>a</p><!-- </body> --><s></BODY>\n</html>\n")
        #expect(String(decoding: ReloadScript.inject("<s>", into: Data("no body".utf8)), as: UTF8.self) == "no body<s>")
        #expect(String(decoding: ReloadScript.inject("<s>", into: Data()), as: UTF8.self) == "<s>")
    }

    @Test func theSnippetNamesTheGenerationAndEscapesTheError() {
        #expect(ReloadScript.snippet(generation: 7, buildError: nil)
            == #"<link rel="stylesheet" href="/__transcripts/serve.css"><script src="/__transcripts/reload.js?generation=7"></script>"#)
        let broken = ReloadScript.snippet(generation: 2, buildError: "a.json: <script>alert(1)</script> & \"q\"")
        #expect(broken.contains("a.json: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;"))
        #expect(!broken.contains("<script>alert"))
        #expect(broken.contains(#"id="transcripts-serve-error""#))
        #expect(!broken.contains("style="))  // the server's stylesheet gives the box its look: no inline style
        #expect(broken.hasSuffix(#"<script src="/__transcripts/reload.js?generation=2"></script>"#))
    }

    @Test func theScriptListensForReloadsAndErrors() {
        let source = ReloadScript.source
        #expect(source.contains(#"new EventSource("/__transcripts/events")"#))
        for event in ["\"generation\"", "\"reload\"", "\"error\""] { #expect(source.contains("addEventListener(\(event)")) }
        #expect(source.contains(".textContent = event.data"))
        #expect(!source.contains("innerHTML"))
    }

    @Test func eventsAreEncodedLineByLine() {
        #expect(ServerSentEvent(name: "reload", data: "3").encoded == "event: reload\ndata: 3\n\n")
        #expect(ServerSentEvent(name: "error", data: "a\nb\r\nc\rd").encoded == "event: error\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
        #expect(ServerSentEvent.keepAlive.encoded == ": keep-alive\n\n")
    }

    @Test func theNotFoundPageEscapesThePath() {
        let page = ErrorPage.notFound(requestPath: "/%3Cimg%20src=x%20onerror=alert(1)%3E")
        #expect(page.contains("<code>/&lt;img src=x onerror=alert(1)&gt;</code>"))
        #expect(!page.contains("<img"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func theBroadcasterReachesEveryListenerAndForgetsTheGoneOnes() async {
        let broadcaster = ReloadBroadcaster()
        var first: ReloadBroadcaster.Listener? = await broadcaster.listen(startingWith: [ServerSentEvent(name: "generation", data: "1")])
        let second = await broadcaster.listen(startingWith: [])
        #expect(await broadcaster.listenerCount == 2)
        await broadcaster.send(ServerSentEvent(name: "reload", data: "2"))
        var firstEvents = first!.events.makeAsyncIterator()
        #expect(await firstEvents.next()?.name == "generation")
        #expect(await firstEvents.next()?.data == "2")
        var secondEvents = second.events.makeAsyncIterator()
        #expect(await secondEvents.next()?.data == "2")
        first = nil
        for _ in 0..<100 where await broadcaster.listenerCount > 1 { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(await broadcaster.listenerCount == 1)
        await broadcaster.finishAll()
        #expect(await secondEvents.next() == nil)
    }
}
