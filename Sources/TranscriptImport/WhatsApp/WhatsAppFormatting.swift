import TranscriptModel

/// WhatsApp's text formatting, written as CommonMark with `MarkdownWriter`: `*bold*`, `_italic_`, `~strike~`,
/// ```` ```monospace``` ```` and `` `inline code` ``.
///
/// The rules are WhatsApp's own: a marker opens at the start of the text or after a character that is not a
/// letter or digit, and is followed by a character that is not a space; it closes on the same line before a
/// character that is not a letter or digit, after one that is not a space. So `snake_case_name`, `2*3*4`
/// and `* not bold *` stay as they are, and nothing inside a web address is formatting. Everything else is
/// plain text, escaped, so `<insert text here>` or `# 1` is shown literally.
enum WhatsAppFormatting {
    /// The text as CommonMark, or nil when it has no formatting (then it is plain text).
    static func markdown(_ text: [UInt8]) -> String? {
        // A cheap test first: most messages have no marker at all.
        guard text.contains(where: { $0 == 0x2A || $0 == 0x5F || $0 == 0x7E || $0 == 0x60 }) else { return nil }
        return text.withUnsafeBufferPointer { bytes -> String? in
            var parser = Parser(bytes: bytes, urls: URLScanner.urlRanges(in: bytes))
            let spans = parser.parse(0, bytes.count)
            guard parser.formatted else { return nil }
            var writer = MarkdownWriter()
            parser.emit(spans, into: &writer)
            return writer.compactMarkdown
        }
    }

    private indirect enum Span {
        case text(Range<Int>)
        case styled(UInt8, [Span])
        case monospace(Range<Int>)
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let urls: [Range<Int>]
        var formatted = false

        init(bytes: UnsafeBufferPointer<UInt8>, urls: [Range<Int>]) {
            self.bytes = bytes
            self.urls = urls
        }

        mutating func parse(_ low: Int, _ high: Int) -> [Span] {
            var spans: [Span] = []
            var textStart = low
            var index = low
            func flush(_ end: Int) {
                if end > textStart { spans.append(.text(textStart..<end)) }
            }
            while index < high {
                if let url = urls.first(where: { $0.lowerBound == index }) {
                    index = min(url.upperBound, high)
                    continue
                }
                let byte = bytes[index]
                if byte == 0x60 {  // `
                    if index + 2 < high, bytes[index + 1] == 0x60, bytes[index + 2] == 0x60 {
                        if let close = find3Backticks(from: index + 4, to: high) {
                            flush(index)
                            spans.append(.monospace(index + 3..<close))
                            formatted = true
                            index = close + 3
                            textStart = index
                        } else {
                            index += 3
                        }
                        continue
                    }
                    if canOpen(index, high), let close = findClose(0x60, from: index + 2, to: high) {
                        flush(index)
                        spans.append(.monospace(index + 1..<close))
                        formatted = true
                        index = close + 1
                        textStart = index
                        continue
                    }
                } else if byte == 0x2A || byte == 0x5F || byte == 0x7E, canOpen(index, high),
                          let close = findClose(byte, from: index + 2, to: high) {
                    flush(index)
                    spans.append(.styled(byte, parse(index + 1, close)))
                    formatted = true
                    index = close + 1
                    textStart = index
                    continue
                }
                index += 1
            }
            flush(high)
            return spans
        }

        func emit(_ spans: [Span], into writer: inout MarkdownWriter) {
            for span in spans {
                switch span {
                case .text(let range):
                    writer.append(string(range))
                case .monospace(let range):
                    let text = string(range)
                    if text.contains("\n") { writer.codeBlock(text) } else { writer.code(text) }
                case .styled(let marker, let inner):
                    switch marker {
                    case 0x2A: writer.bold { emit(inner, into: &$0) }
                    case 0x5F: writer.italic { emit(inner, into: &$0) }
                    default: writer.strike { emit(inner, into: &$0) }
                    }
                }
            }
        }

        private func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// An opening marker: not after a letter or digit, not before a space or the same marker.
        private func canOpen(_ index: Int, _ high: Int) -> Bool {
            guard index + 1 < high else { return false }
            let next = bytes[index + 1]
            guard next != bytes[index], !isSpace(at: index + 1) else { return false }
            return index == 0 || !isAlphanumeric(scalarBefore: index)
        }

        /// The closing marker on the same line: after a non-space, not before a letter or digit.
        private func findClose(_ marker: UInt8, from start: Int, to high: Int) -> Int? {
            var index = start
            while index < high {
                let byte = bytes[index]
                if byte == 0x0A { return nil }
                if byte == marker, !isSpace(before: index), index + 1 >= bytes.count || !isAlphanumeric(scalarAt: index + 1),
                   !urls.contains(where: { $0.contains(index) }) {
                    return index
                }
                index += 1
            }
            return nil
        }

        private func find3Backticks(from start: Int, to high: Int) -> Int? {
            var index = start
            while index + 2 < high {
                if bytes[index] == 0x60, bytes[index + 1] == 0x60, bytes[index + 2] == 0x60 { return index }
                index += 1
            }
            return nil
        }

        private func isSpace(at index: Int) -> Bool {
            let byte = bytes[index]
            if byte <= 0x20 { return true }
            return WhatsAppBytes.spaceLength(bytes, at: index, end: bytes.count) > 0
        }

        private func isSpace(before index: Int) -> Bool {
            let byte = bytes[index - 1]
            if byte <= 0x20 { return true }
            if byte == 0xA0, index >= 2, bytes[index - 2] == 0xC2 { return true }
            if byte == 0xAF || byte == 0x89, index >= 3, bytes[index - 3] == 0xE2, bytes[index - 2] == 0x80 { return true }
            return false
        }

        private func isAlphanumeric(scalarBefore index: Int) -> Bool {
            var start = index - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            return isAlphanumeric(scalarAt: start)
        }

        private func isAlphanumeric(scalarAt index: Int) -> Bool {
            let lead = bytes[index]
            if lead < 0x80 {
                return (lead >= 0x30 && lead <= 0x39) || (lead | 0x20 >= 0x61 && lead | 0x20 <= 0x7A)
            }
            var length = 0
            var value: UInt32
            if lead & 0xE0 == 0xC0 {
                length = 2
                value = UInt32(lead & 0x1F)
            } else if lead & 0xF0 == 0xE0 {
                length = 3
                value = UInt32(lead & 0x0F)
            } else if lead & 0xF8 == 0xF0 {
                length = 4
                value = UInt32(lead & 0x07)
            } else {
                return false
            }
            guard index + length <= bytes.count else { return false }
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            guard let scalar = Unicode.Scalar(value) else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}
