/// The strings of a JSON document that held bytes that are not UTF-8. `JSONParser` shows each invalid sequence
/// of such a string as U+FFFD (as `String(decoding:as:)` would) and notes it here, so that an importer can warn
/// of it, naming the file, the line and the JSON path of the first such string: nothing is repaired silently.
///
/// The parser notes only the strings in which it saw a byte of 0x80 or more and that did not validate, so a
/// well-formed document costs nothing more to read than before.
package struct InvalidUTF8: Sendable, Equatable {
    /// Where the first such string starts (its opening quote), as a byte offset in the bytes the parser was
    /// given; `JSONSyntaxCheck.parse` gives it in the whole file's bytes.
    package var offset: Int
    /// The document the first such string is in (the whole file, or a line of JSON Lines), in the same bytes
    /// as `offset`: where the walk for its JSON path starts.
    package var document: Range<Int>
    /// How many strings (values and keys) held such bytes.
    package var strings: Int
    /// How many U+FFFD were put in their place: one per invalid sequence.
    package var places: Int

    package init(offset: Int, document: Range<Int>, strings: Int, places: Int) {
        self.offset = offset
        self.document = document
        self.strings = strings
        self.places = places
    }

    /// The note of a part parsed on its own, whose bytes start `start` bytes into a bigger buffer, placed in
    /// that buffer and in `document`, the document of the buffer the part belongs to.
    package func placed(at start: Int, in document: Range<Int>) -> InvalidUTF8 {
        InvalidUTF8(offset: offset + start, document: document, strings: strings, places: places)
    }

    /// How many U+FFFD `String(decoding:as:)` makes of `bytes`: one per maximal invalid sequence.
    package static func places(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return count
            case .error: count += 1
            }
        }
    }

    /// The warning for these strings, of the document in `bytes` (the whole file's), named `file`:
    /// `result.json:12:34: at messages[3].text: bytes that are not UTF-8 are shown as � (5 places in 3 strings
    /// of the file)`, at the first string's line, column and JSON path. `pathPrefix` is the path of the
    /// document in the file when it is a part of it (a chat of an account export: `chats.list[2]`), and `scope`
    /// what the counts are of ("the file", "the chat").
    package func warning(
        in bytes: UnsafeBufferPointer<UInt8>, file: String, pathPrefix: String = "", scope: String = "the file"
    ) -> String {
        let walk = JSONSyntaxCheck.problem(in: bytes, document: document, stoppingAt: offset)
        let inner = walk?.path ?? ""
        let path = pathPrefix.isEmpty || inner.isEmpty || inner.hasPrefix("[") ? pathPrefix + inner : pathPrefix + "." + inner
        let position = TextPosition.of(offset, in: bytes)
        var message = "bytes that are not UTF-8 are shown as \u{FFFD}"
        if places > 1 {
            message += " (\(places) places in \(strings == 1 ? "one string" : "\(strings) strings") of \(scope))"
        }
        return TranscriptsError(file: file, line: position.line, column: position.column, path: path, message: message).description
    }
}

extension Optional where Wrapped == InvalidUTF8 {
    /// Adds `other`'s strings and places; the first string stays the one nearest the start of the bytes.
    package mutating func add(_ other: InvalidUTF8?) {
        guard let other else { return }
        guard var noted = self else {
            self = other
            return
        }
        noted.strings += other.strings
        noted.places += other.places
        if other.offset < noted.offset {
            noted.offset = other.offset
            noted.document = other.document
        }
        self = noted
    }
}
