import TranscriptRender
import TranscriptTemplates

/// The HTML `transcripts serve` writes itself: the page for a path the site does not have, and the box that
/// shows a build error over a page. Every text that comes from outside (a path, an error) is escaped.
public enum ErrorPage {
    /// The heading of the build error box.
    static let errorHeading = "The site did not build. Showing the last good build until the error is fixed:"

    /// Where the server serves the stylesheet of its own HTML (outside the site, like the reload script):
    /// the error box and the not-found page. A file, not inline styles, so the pages' Content-Security-Policy
    /// (`style-src 'self'`) allows it.
    public static let stylesheetPath = "/__transcripts/serve.css"

    /// The stylesheet: the error box is a red band over the top of the page.
    public static let stylesheet = """
        #\(ReloadScript.errorBoxID) { position: fixed; top: 0; left: 0; right: 0; z-index: 2147483647; max-height: 70vh;
          overflow: auto; margin: 0; padding: 0.9rem 1.2rem; background: #b3261e; color: #ffffff;
          font: 0.95rem/1.45 system-ui, sans-serif; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.35); }
        #\(ReloadScript.errorBoxID) pre { margin: 0.5rem 0 0; white-space: pre-wrap; font: 0.9rem/1.4 ui-monospace, monospace; }
        .transcripts-not-found { color-scheme: light dark; margin: 0; background: #ffffff; color: #1c1c1e;
          font: 1rem/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
        .transcripts-not-found main { max-width: 40rem; margin: 4rem auto; padding: 0 1rem; }
        .transcripts-not-found h1 { font-size: 1.4rem; }
        .transcripts-not-found .bubble { display: inline-block; margin: 0.25rem 0; padding: 0.55rem 0.9rem;
          border-radius: 1.1rem; background: #e9e9eb; }
        .transcripts-not-found code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
        .transcripts-not-found a { color: #0b57d0; }
        @media (prefers-color-scheme: dark) {
          .transcripts-not-found { background: #121214; color: #f2f2f7; }
          .transcripts-not-found .bubble { background: #2c2c2e; }
          .transcripts-not-found a { color: #8ab4f8; }
        }

        """

    /// The box that shows `error` over a page.
    public static func errorBox(_ error: String) -> String {
        """
        <div id="\(ReloadScript.errorBoxID)" role="alert"><strong>\(escaped(errorHeading))</strong>\
        <pre>\(escaped(error))</pre></div>
        """
    }

    /// The page for a request path (as sent, percent-encoded) that leads to nothing in the site.
    public static func notFound(requestPath: String) -> String {
        let shown = StaticFileResolver.percentDecoded(requestPath) ?? requestPath
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(ContentSecurityPolicy.pages)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Not found</title>
            <link rel="stylesheet" href="\(stylesheetPath)">
            </head>
            <body class="transcripts-not-found">
            <main>
            <h1>Not found</h1>
            <p class="bubble">This site has no page at <code>\(escaped(shown))</code>.</p>
            <p><a href="/">Go to the list of conversations</a></p>
            </main>
            </body>
            </html>

            """
    }

    private static func escaped(_ text: String) -> String {
        var output = ""
        HTMLEscaping.append(text, to: &output)
        return output
    }
}
