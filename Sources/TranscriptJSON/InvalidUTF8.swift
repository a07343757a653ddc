import TranscriptSupport

/// The strings of a JSON document that held text that is not Unicode: bytes that are not UTF-8, and `\u`
/// escapes of lone UTF-16 surrogates (`"\uD83D"` without the low surrogate that completes it, or a low one
/// alone). `JSONParser` shows each such place as U+FFFD (as `String(decoding:as:)` would) and notes it here, each
/// kind apart, so that an importer can warn of it, naming the file, the line and the JSON path of the first such
/// string: nothing is repaired silently.
///
/// The parser notes only the strings in which it saw a byte of 0x80 or more and that did not validate, or a
/// surrogate escape without its pair, so a well-formed document costs nothing more to read than before.
package struct InvalidUTF8: Sendable, Equatable {
    /// The strings with one kind of such text.
    package struct Note: Sendable, Equatable {
        /// Where the first such string starts (its opening quote), as a byte offset in the bytes the parser was
        /// given; `JSONSyntaxCheck.parse` gives it in the whole file's bytes.
        package var offset: Int
        /// The document the first such string is in (the whole file, or a line of JSON Lines), in the same
        /// bytes as `offset`: where the walk for its JSON path starts.
        package var document: Range<Int>
        /// How many strings (values and keys) held such text.
        package var strings: Int
        /// How many U+FFFD were put in their place: one per invalid sequence or lone surrogate.
        package var places: Int

        package init(offset: Int, document: Range<Int>, strings: Int, places: Int) {
            self.offset = offset
            self.document = document
            self.strings = strings
            self.places = places
        }
    }

    /// The strings that held bytes that are not UTF-8.
    package var bytes: Note?
    /// The strings whose escapes named lone surrogates.
    package var loneSurrogates: Note?

    package init(bytes: Note? = nil, loneSurrogates: Note? = nil) {
        self.bytes = bytes
        self.loneSurrogates = loneSurrogates
    }

    /// Strings that held bytes that are not UTF-8, and nothing else.
    package init(offset: Int, document: Range<Int>, strings: Int, places: Int) {
        self.init(bytes: Note(offset: offset, document: document, strings: strings, places: places))
    }

    /// The note of a part parsed on its own, whose bytes start `start` bytes into a bigger buffer, placed in
    /// that buffer and in `document`, the document of the buffer the part belongs to.
    package func placed(at start: Int, in document: Range<Int>) -> InvalidUTF8 {
        func place(_ note: Note?) -> Note? {
            note.map { Note(offset: $0.offset + start, document: document, strings: $0.strings, places: $0.places) }
        }
        return InvalidUTF8(bytes: place(bytes), loneSurrogates: place(loneSurrogates))
    }

    /// The same notes, whose JSON paths are found walking `document` (a part of the file read as a document of
    /// its own: a chat of an account export).
    package func within(_ document: Range<Int>) -> InvalidUTF8 {
        var result = self
        result.bytes?.document = document
        result.loneSurrogates?.document = document
        return result
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

    /// The warnings for these strings, of the document in `bytes` (the whole file's), named `file`: one per kind,
    /// at its first string's line, column and JSON path, with how many places in how many strings when more
    /// than one: `result.json:12:34: at messages[3].text: bytes that are not UTF-8 are shown as � (5 places in 3
    /// strings of the file)`. `pathPrefix` is the path of the document in the file when it is a part of it (a
    /// chat of an account export: `chats.list[2]`), and `scope` what the counts are of ("the file", "the chat").
    package func warnings(
        in bytes: UnsafeBufferPointer<UInt8>, file: String, pathPrefix: String = "", scope: String = "the file"
    ) -> [String] {
        var result: [String] = []
        if let note = self.bytes {
            result.append(Self.warning(note, "bytes that are not UTF-8 are shown as \u{FFFD}", in: bytes, file: file, pathPrefix: pathPrefix, scope: scope))
        }
        if let note = loneSurrogates {
            result.append(Self.warning(
                note, "escapes of lone UTF-16 surrogates (\\uD800 to \\uDFFF without their pair) are shown as \u{FFFD}",
                in: bytes, file: file, pathPrefix: pathPrefix, scope: scope))
        }
        return result
    }

    private static func warning(
        _ note: Note, _ what: String, in bytes: UnsafeBufferPointer<UInt8>, file: String, pathPrefix: String, scope: String
    ) -> String {
        let walk = JSONSyntaxCheck.problem(in: bytes, document: note.document, stoppingAt: note.offset)
        let inner = walk?.path ?? ""
        let path = pathPrefix.isEmpty || inner.isEmpty || inner.hasPrefix("[") ? pathPrefix + inner : pathPrefix + "." + inner
        let position = TextPosition.of(note.offset, in: bytes)
        var message = what
        if note.places > 1 {
            message += " (\(note.places) places in \(note.strings == 1 ? "one string" : "\(note.strings) strings") of \(scope))"
        }
        return TranscriptsError(file: file, line: position.line, column: position.column, path: path, message: message).description
    }
}

extension Optional where Wrapped == InvalidUTF8 {
    /// Adds `other`'s strings and places, kind by kind; the first string of each stays the one nearest the start
    /// of the bytes.
    package mutating func add(_ other: InvalidUTF8?) {
        guard let other else { return }
        guard var noted = self else {
            self = other
            return
        }
        noted.bytes.add(other.bytes)
        noted.loneSurrogates.add(other.loneSurrogates)
        self = noted
    }
}

extension Optional where Wrapped == InvalidUTF8.Note {
    /// Adds `other`'s strings and places; the first string stays the one nearest the start of the bytes.
    package mutating func add(_ other: InvalidUTF8.Note?) {
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
