import CCmark
import TranscriptModel
import TranscriptSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders message text to HTML with cmark: the only place that touches the C library.
///
/// Markdown is parsed into a cmark tree, transformed, written by cmark's own HTML renderer in its default safe mode,
/// and all C memory is freed before a call returns:
/// - raw HTML typed in a message is turned into text, so it shows as written and never reaches the page
///   as markup; `javascript:` and other unsafe link targets become empty (cmark's safe mode);
/// - bare URLs become links (see `URLScanner`; `MarkdownURLProtector` keeps `*` and `_` inside them);
/// - images become links, so a page never loads a remote image;
/// - line breaks the sender typed are kept (`<br />`).
///
/// Plain text has nothing to parse: `PlainTextHTML` writes the HTML cmark's renderer writes for its tree (paragraphs,
/// lines, breaks, bare URLs as links), byte for byte, without the tree.
public struct CommonMarkRenderer: Sendable {
    public init() {}

    /// Renders `source` written in `format`; `plainText` is filled only when `wantsPlainText` is true.
    public func render(_ source: String, format: TextFormat, wantsPlainText: Bool = true) -> RenderedText {
        guard format == .markdown else { return PlainTextHTML.render(source, wantsPlainText: wantsPlainText) }
        var protected = MarkdownURLProtector.protect(source)
        let document: OpaquePointer = protected.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
            }
        }
        cmark_consolidate_text_nodes(document)
        Self.transform(document)
        return Self.html(of: document, plainText: wantsPlainText ? Self.plainText(of: document) : "")
    }

    /// `source` as plain text, made by cmark: a tree of its paragraphs, lines, breaks and links, written by cmark's
    /// HTML renderer. What `PlainTextHTML` writes without the tree, and what its tests hold it to, byte for byte.
    package static func renderPlainThroughCmark(_ source: String, wantsPlainText: Bool) -> RenderedText {
        let (document, plainText) = plainDocument(source, wantsPlainText: wantsPlainText)
        return html(of: document, plainText: plainText)
    }

    /// The HTML cmark's renderer writes for `document` (in its default safe mode, with typed line breaks kept), which
    /// it then frees.
    private static func html(of document: OpaquePointer, plainText: String) -> RenderedText {
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, CMARK_OPT_DEFAULT | CMARK_OPT_HARDBREAKS) else {
            return RenderedText(html: "", plainText: plainText)
        }
        defer { free(rendered) }
        return RenderedText(html: String(cString: rendered), plainText: plainText)
    }

    // MARK: - Building and changing the tree

    /// A document of paragraphs (split at blank lines) whose lines are text nodes joined by line breaks, with its
    /// bare URLs made links (what `transform` does to such a tree), and its plain text when `wantsPlainText`: what
    /// `plainText(of:)` gives for the tree (the links' texts are their text node's bytes, in order). Written plainly,
    /// a byte at a time: what `PlainTextHTML` is compared with.
    private static func plainDocument(
        _ source: String, wantsPlainText: Bool
    ) -> (document: OpaquePointer, plainText: String) {
        let document = cmark_node_new(CMARK_NODE_DOCUMENT)!
        var plain: [UInt8] = []
        var literal: [UInt8] = []
        var utf8Source = source
        utf8Source.withUTF8 { bytes in
            var paragraph: OpaquePointer?
            var lineStart = 0
            while lineStart <= bytes.count {
                // A line ends at LF, CR or CRLF.
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if paragraph != nil, wantsPlainText { PlainTextHTML.appendSpace(to: &plain) }
                    paragraph = nil
                } else {
                    if let current = paragraph {
                        cmark_node_append_child(current, cmark_node_new(CMARK_NODE_SOFTBREAK))
                        if wantsPlainText { PlainTextHTML.appendSpace(to: &plain) }
                    } else {
                        let created = cmark_node_new(CMARK_NODE_PARAGRAPH)!
                        cmark_node_append_child(document, created)
                        paragraph = created
                    }
                    // The line as a C string: cmark copies a literal up to its first zero byte.
                    let text = cmark_node_new(CMARK_NODE_TEXT)!
                    literal.removeAll(keepingCapacity: true)
                    literal.append(contentsOf: line)
                    literal.append(0)
                    literal.withUnsafeBufferPointer { kept in
                        kept.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_literal(text, $0.baseAddress) }
                    }
                    cmark_node_append_child(paragraph, text)
                    // Before the links are made: they split the node, and their texts are its bytes in order.
                    if wantsPlainText { appendLiteral(of: text, to: &plain) }
                    if mayContainURL(text) { autolink(text) }
                }
                let crlf = lineEnd + 1 < bytes.count && bytes[lineEnd] == 0x0D && bytes[lineEnd + 1] == 0x0A
                lineStart = lineEnd + (crlf ? 2 : 1)
            }
        }
        guard wantsPlainText else { return (document, "") }
        while plain.last == 0x20 { plain.removeLast() }
        return (document, String(decoding: plain, as: UTF8.self))
    }

    private static func makeText(_ text: String) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        cmark_node_set_literal(node, text)
        return node
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// Calls `visit` for every node of the tree, on entering it and (for containers) on leaving it.
    private static func walk(_ document: OpaquePointer, _ visit: (cmark_event_type, OpaquePointer) -> Void) {
        let iterator = cmark_iter_new(document)!
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            visit(event, cmark_iter_get_node(iterator)!)
        }
    }

    /// Collects the nodes to change first (a tree must not change while it is walked), then changes them.
    private static func transform(_ document: OpaquePointer) {
        var texts: [OpaquePointer] = []
        var rawHTML: [OpaquePointer] = []
        var images: [OpaquePointer] = []
        var spans: [OpaquePointer] = []
        var refused: [OpaquePointer] = []
        var linkDepth = 0
        walk(document) { event, node in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK:
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                if event == CMARK_EVENT_EXIT, let url = cmark_node_get_url(node) {
                    if strncmp(url, "transcripts:", 12) == 0 {
                        spans.append(node)
                    } else if !SafeURL.isAllowedLink(String(cString: url)) {
                        refused.append(node)
                    }
                }
            case CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(node), strncmp(url, "transcripts:", 12) == 0 {
                    if event == CMARK_EVENT_EXIT { spans.append(node) }
                    break
                }
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                if event == CMARK_EVENT_EXIT { images.append(node) }
            case CMARK_NODE_TEXT:
                if linkDepth == 0, mayContainURL(node) { texts.append(node) }
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                rawHTML.append(node)
            default:
                break
            }
        }
        for node in refused { unwrap(node) }
        for node in texts { autolink(node) }
        for node in rawHTML { showAsText(node) }
        for node in images { replaceImageWithLink(node) }
        for node in spans { replaceSpan(node) }
    }

    private static func mayContainURL(_ node: OpaquePointer) -> Bool {
        guard let pointer = cmark_node_get_literal(node) else { return false }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            URLScanner.mayContainURL(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Splits a text node into text, link, text, ... for every bare URL in it.
    private static func autolink(_ node: OpaquePointer) {
        let text = literal(node)
        let urls = URLScanner.urls(in: text)
        guard !urls.isEmpty else { return }
        var previous = node
        var cursor = text.startIndex
        let before = String(text[cursor..<urls[0].range.lowerBound])
        for (index, url) in urls.enumerated() {
            if index == 0 {
                if before.isEmpty {
                    // The node itself becomes the first link's text.
                    cmark_node_set_literal(node, String(text[url.range]))
                    let link = cmark_node_new(CMARK_NODE_LINK)!
                    cmark_node_set_url(link, url.target)
                    cmark_node_insert_before(node, link)
                    cmark_node_unlink(node)
                    cmark_node_append_child(link, node)
                    previous = link
                    cursor = url.range.upperBound
                    continue
                }
                cmark_node_set_literal(node, before)
            } else if cursor < url.range.lowerBound {
                let between = makeText(String(text[cursor..<url.range.lowerBound]))
                cmark_node_insert_after(previous, between)
                previous = between
            }
            let link = cmark_node_new(CMARK_NODE_LINK)!
            cmark_node_set_url(link, url.target)
            cmark_node_append_child(link, makeText(String(text[url.range])))
            cmark_node_insert_after(previous, link)
            previous = link
            cursor = url.range.upperBound
        }
        if cursor < text.endIndex {
            cmark_node_insert_after(previous, makeText(String(text[cursor...])))
        }
    }

    /// Replaces raw HTML with text that shows it as it was typed.
    private static func showAsText(_ node: OpaquePointer) {
        var text = literal(node)
        if cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE {
            cmark_node_insert_before(node, makeText(text))
            cmark_node_unlink(node)
            cmark_node_free(node)
            return
        }
        while text.last == "\n" { text.removeLast() }
        let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)!
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { cmark_node_append_child(paragraph, cmark_node_new(CMARK_NODE_SOFTBREAK)) }
            cmark_node_append_child(paragraph, makeText(String(line)))
        }
        cmark_node_insert_before(node, paragraph)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Turns an image (or a link) of `transcripts:NAME` (written by `MarkdownWriter`) into a custom inline node whose HTML is
    /// one of our fixed strings (`<del>`…`</del>`, ...), keeping its content; an unknown name keeps just the content.
    private static func replaceSpan(_ link: OpaquePointer) {
        let name = String(cString: cmark_node_get_url(link)).dropFirst("transcripts:".count)
        let replacement: OpaquePointer
        if let html = MarkdownWriter.spans[String(name)] {
            replacement = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(replacement, html.open)
            cmark_node_set_on_exit(replacement, html.close)
        } else {
            replacement = cmark_node_new(CMARK_NODE_EMPH)!
        }
        while let child = cmark_node_first_child(link) {
            cmark_node_unlink(child)
            cmark_node_append_child(replacement, child)
        }
        cmark_node_insert_before(link, replacement)
        cmark_node_unlink(link)
        cmark_node_free(link)
        if MarkdownWriter.spans[String(name)] == nil {
            // Unknown: the content alone (an emphasis node without children of its own is dropped here).
            while let child = cmark_node_first_child(replacement) {
                cmark_node_unlink(child)
                cmark_node_insert_before(replacement, child)
            }
            cmark_node_unlink(replacement)
            cmark_node_free(replacement)
        }
    }

    /// Puts a link's content in its place, as text: for a link whose scheme is not one we write.
    private static func unwrap(_ link: OpaquePointer) {
        while let child = cmark_node_first_child(link) {
            cmark_node_unlink(child)
            cmark_node_insert_before(link, child)
        }
        cmark_node_unlink(link)
        cmark_node_free(link)
    }

    /// Replaces an image with a link to it, keeping its description as the link's text (only the text when
    /// its address's scheme is not one we write).
    private static func replaceImageWithLink(_ image: OpaquePointer) {
        let allowed = cmark_node_get_url(image).map { SafeURL.isAllowedLink(String(cString: $0)) } ?? false
        let link = cmark_node_new(CMARK_NODE_LINK)!
        cmark_node_set_url(link, cmark_node_get_url(image))
        if let title = cmark_node_get_title(image), title.pointee != 0 { cmark_node_set_title(link, title) }
        while let child = cmark_node_first_child(image) {
            cmark_node_unlink(child)
            cmark_node_append_child(link, child)
        }
        if cmark_node_first_child(link) == nil {
            cmark_node_append_child(link, makeText(cmark_node_get_url(image).map { String(cString: $0) } ?? "image"))
        }
        cmark_node_insert_before(image, link)
        cmark_node_unlink(image)
        cmark_node_free(image)
        if !allowed { unwrap(link) }
    }

    // MARK: - Plain text

    /// The text content of the tree: text and code as written, breaks and block ends as single spaces.
    ///
    /// The loop walks cmark's iterator itself and hands the bytes to functions `inout`: bytes captured by a
    /// closure would be checked for exclusive access on every byte appended.
    private static func plainText(of document: OpaquePointer) -> String {
        var bytes: [UInt8] = []
        let iterator = cmark_iter_new(document)!
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            let node = cmark_iter_get_node(iterator)!
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                appendLiteral(of: node, to: &bytes)
            case CMARK_NODE_CODE_BLOCK:
                PlainTextHTML.appendSpace(to: &bytes)
                appendLiteral(of: node, to: &bytes)
                PlainTextHTML.appendSpace(to: &bytes)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                PlainTextHTML.appendSpace(to: &bytes)
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE:
                if event == CMARK_EVENT_EXIT { PlainTextHTML.appendSpace(to: &bytes) }
            default:
                break
            }
        }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A node's literal, with each line feed, carriage return and tab as a space (`PlainTextHTML.appendPlainText`).
    private static func appendLiteral(of node: OpaquePointer, to bytes: inout [UInt8]) {
        guard let pointer = cmark_node_get_literal(node) else { return }
        let length = strlen(pointer)
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            PlainTextHTML.appendPlainText(UnsafeBufferPointer(start: start, count: length), to: &bytes)
        }
    }
}
