import TranscriptSupport

/// Where a value sits in a JSON document.
package typealias JSONPath = [AnyCodingKey]

extension JSONScanner {
    /// The byte offset where the value at `path` starts in the document at `start` (`messages[3].date`: the
    /// date's value in the fourth message), or the offset of the deepest part of the path that is there (a
    /// missing key: its object). For placing a mapping error in its file; it reads the bytes again, so it is for
    /// errors and warnings, not for every message.
    package func offset(of path: JSONPath, inDocumentAt start: Int) -> Int {
        var offset = skipWhitespace(start)
        if offset + 3 <= bytes.count, bytes[offset] == 0xEF, bytes[offset + 1] == 0xBB, bytes[offset + 2] == 0xBF {
            offset = skipWhitespace(offset + 3)
        }
        for key in path {
            if let index = key.intValue {
                guard let elements = elements(ofArrayAt: offset), index >= 0, index < elements.count else { return offset }
                offset = elements[index].lowerBound
            } else {
                guard let member = members(ofObjectAt: offset)?.last(where: { $0.key == key.stringValue }) else { return offset }
                offset = member.value.lowerBound
            }
        }
        return offset
    }
}

extension Array where Element == AnyCodingKey {
    /// The keys of a path written as `messages[3].content.body`.
    package init(pathText text: String) {
        self = text.split(separator: ".").flatMap { part -> [AnyCodingKey] in
            let pieces = part.split(separator: "[", omittingEmptySubsequences: false)
            let name = pieces[0].isEmpty ? [] : [AnyCodingKey(stringValue: String(pieces[0]))]
            return name + pieces.dropFirst().compactMap { Int($0.dropLast()).map(AnyCodingKey.init(intValue:)) }
        }
    }
}
