import Foundation
import TranscriptSearch

/// The live-reload script that `transcripts serve` adds to the HTML pages it sends (never to the files on disk).
///
/// The script listens on the server's event stream: it reloads the page on a `reload` event, and when it
/// connects and the site was rebuilt since the page was sent (a `generation` event with another number); on an
/// `error` event it shows the build error over the page, which stays as the last good build left it.
public enum ReloadScript {
    /// Where the server serves the script (outside the site: no site file is ever shadowed by accident).
    public static let path = "/__transcripts/reload.js"
    /// Where the server streams its events.
    public static let eventsPath = "/__transcripts/events"
    /// The `id` of the build error box over the page.
    public static let errorBoxID = "transcripts-serve-error"

    /// The script's source.
    public static let source = """
        // transcripts serve: reloads the page when the site is rebuilt and shows build errors over it.
        (function () {
          "use strict";
          var script = document.currentScript;
          var generation = script ? new URL(script.src).searchParams.get("generation") : null;
          var events = new EventSource("\(eventsPath)");
          function errorBox() {
            var box = document.getElementById("\(errorBoxID)");
            if (box) return box;
            box = document.createElement("div");
            box.id = "\(errorBoxID)";
            box.setAttribute("role", "alert");
            var heading = document.createElement("strong");
            heading.textContent = \(JavaScriptText.string(ErrorPage.errorHeading));
            var text = document.createElement("pre");
            box.appendChild(heading);
            box.appendChild(text);
            document.body.appendChild(box);
            return box;
          }
          events.addEventListener("generation", function (event) {
            if (event.data !== generation) location.reload();
          });
          events.addEventListener("reload", function () {
            events.close();
            location.reload();
          });
          events.addEventListener("error", function (event) {
            // The browser's own connection errors are "error" events too, but without data.
            if (typeof event.data !== "string") return;
            errorBox().querySelector("pre").textContent = event.data;
          });
        })();

        """

    /// The HTML added before `</body>`: the server's stylesheet, the script (telling it which build the page
    /// comes from) and, while the build is broken, the error box with `buildError` escaped.
    public static func snippet(generation: Int, buildError: String?) -> String {
        var html = #"<link rel="stylesheet" href="\#(ErrorPage.stylesheetPath)">"#
        if let buildError { html += ErrorPage.errorBox(buildError) }
        html += #"<script src="\#(path)?generation=\#(generation)"></script>"#
        return html
    }

    /// `page` with `snippet` inserted before its last `</body>` (any case), or at its end when it has none.
    public static func inject(_ snippet: String, into page: Data) -> Data {
        let closingTag = Data("</body>".utf8)
        var position = page.endIndex
        var searchEnd = page.endIndex
        while searchEnd - page.startIndex >= closingTag.count {
            let start = searchEnd - closingTag.count
            if page[start..<searchEnd].elementsEqual(closingTag, by: { asciiLowercased($0) == $1 }) {
                position = start
                break
            }
            searchEnd -= 1
        }
        var result = Data(page[..<position])
        result.append(Data(snippet.utf8))
        result.append(page[position...])
        return result
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
