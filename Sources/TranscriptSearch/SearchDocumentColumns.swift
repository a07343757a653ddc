import TranscriptJSON

/// A document file's JSON, written a document at a time: an array of eight columns, each an array with one
/// value per document, in the order of the file's documents:
///
/// 1. conversations (their numbers in the manifest);
/// 2. senders (numbers in the manifest's people, -1 for none);
/// 3. times in seconds since 1970: the first document's, then each one's difference from the document before;
/// 4. pages (file names without `.html`);
/// 5. anchors: a string, or a number n for the anchor `m-` followed by the number of the conversation's last
///    anchor in the file plus n when that one was `m-` and a number too (message numbers that follow each other
///    as 1s); such a number is written in decimal without leading zeros and has 1 to 15 digits;
/// 6. kinds (`SearchKinds`' raw values);
/// 7. 1 when the text was cut, 0 when not;
/// 8. texts.
///
/// Columns keep like with like, which deflates better than a row per document. On files of a million messages
/// (256 a file), deflated: columns took 5 % fewer bytes than rows, times as steps 5 % fewer again, and anchors as
/// steps 6 % fewer again.
package struct SearchDocumentColumns {
    /// The columns' values so far, each without its brackets.
    private var columns: [[UInt8]] = Array(repeating: [], count: 8)
    /// The documents written.
    package private(set) var count = 0
    private var lastSeconds: Int64 = 0
    /// By conversation, the number of its last anchor when that one is `m-` and a number.
    private var anchorNumbers: [Int: Int64] = [:]

    /// The columns' places in `columns` (and in the file).
    private static let parts = 0, persons = 1, seconds = 2, pages = 3, anchors = 4, kinds = 5, cuts = 6, texts = 7

    /// Room for `capacity` documents of short texts.
    package init(capacity: Int = 0) {
        columns[Self.texts].reserveCapacity(capacity * 120)
    }

    /// Adds a document (its anchor and text as UTF-8).
    package mutating func append(
        part: Int, person: Int, seconds time: Int64, page: String, anchor: UnsafeBufferPointer<UInt8>, kinds kindsValue: UInt16,
        text: UnsafeBufferPointer<UInt8>, isCut: Bool
    ) {
        if count > 0 {
            for index in columns.indices { columns[index].append(UInt8(ascii: ",")) }
        }
        SearchIndexFormat.appendDecimal(Int64(part), to: &columns[Self.parts])
        SearchIndexFormat.appendDecimal(Int64(person), to: &columns[Self.persons])
        SearchIndexFormat.appendDecimal(count == 0 ? time : time &- lastSeconds, to: &columns[Self.seconds])
        lastSeconds = time
        JavaScriptText.append(page, to: &columns[Self.pages])
        let number = Self.anchorNumber(anchor)
        if let number, let last = anchorNumbers[part] {
            SearchIndexFormat.appendDecimal(number - last, to: &columns[Self.anchors])
        } else {
            JavaScriptText.append(utf8: anchor, to: &columns[Self.anchors])
        }
        anchorNumbers[part] = number
        SearchIndexFormat.appendDecimal(Int64(kindsValue), to: &columns[Self.kinds])
        columns[Self.cuts].append(isCut ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        JavaScriptText.append(utf8: text, to: &columns[Self.texts])
        count += 1
    }

    /// The file's JSON.
    package var json: [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(columns.reduce(2) { $0 + $1.count + 3 })
        for (index, column) in columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            bytes += column
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// The number of an anchor `m-N` (N of 1 to 15 digits, without leading zeros); nil for another anchor.
    static func anchorNumber(_ anchor: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard anchor.count >= 3, anchor.count <= 17, anchor[0] == UInt8(ascii: "m"), anchor[1] == UInt8(ascii: "-"),
              anchor[2] != UInt8(ascii: "0") || anchor.count == 3
        else { return nil }
        var value: Int64 = 0
        for byte in anchor[2...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension SearchDocumentColumns {
    /// A document as its file holds it, for an update that reads a file, replaces some documents and writes it again.
    package struct Entry: Equatable {
        package var part: Int
        package var person: Int
        package var seconds: Int64
        package var page: String
        package var anchor: String
        package var kinds: UInt16
        package var text: String
        package var isCut: Bool

        package init(_ document: SearchDocument, part: Int, person: Int) {
            self.init(
                part: part, person: person, seconds: document.seconds, page: document.page, anchor: document.anchor,
                kinds: document.kinds.rawValue, text: document.text, isCut: document.isCut)
        }

        package init(part: Int, person: Int, seconds: Int64, page: String, anchor: String, kinds: UInt16, text: String, isCut: Bool) {
            self.part = part
            self.person = person
            self.seconds = seconds
            self.page = page
            self.anchor = anchor
            self.kinds = kinds
            self.text = text
            self.isCut = isCut
        }
    }

    /// Adds a document given as an entry.
    package mutating func append(_ entry: Entry) {
        var anchor = entry.anchor, text = entry.text
        anchor.withUTF8 { anchor in
            text.withUTF8 { text in
                append(
                    part: entry.part, person: entry.person, seconds: entry.seconds, page: entry.page, anchor: anchor,
                    kinds: entry.kinds, text: text, isCut: entry.isCut)
            }
        }
    }

    /// The documents of a document file's JSON (`json`); nil when it is not one.
    package static func entries(ofJSON json: [UInt8]) -> [Entry]? {
        guard case .array(let columns)? = try? json.withUnsafeBufferPointer({ try JSONParser.parse($0) }), columns.count == 8
        else { return nil }
        var values: [[JSONValue]] = []
        for column in columns {
            guard case .array(let items) = column else { return nil }
            values.append(items)
        }
        let count = values[0].count
        guard values.allSatisfy({ $0.count == count }) else { return nil }
        func integer(_ value: JSONValue) -> Int64? {
            if case .number(let number) = value { Int64(exactly: number) } else { nil }
        }
        func string(_ value: JSONValue) -> String? {
            if case .string(let text) = value { text } else { nil }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var seconds: Int64 = 0
        var anchorNumbers: [Int: Int64] = [:]
        for index in 0..<count {
            guard let part = integer(values[0][index]).flatMap({ Int(exactly: $0) }), part >= 0,
                  let person = integer(values[1][index]).flatMap({ Int(exactly: $0) }),
                  let step = integer(values[2][index]), let page = string(values[3][index]),
                  let kinds = integer(values[5][index]).flatMap({ UInt16(exactly: $0) }),
                  let cut = integer(values[6][index]), cut == 0 || cut == 1, let text = string(values[7][index])
            else { return nil }
            seconds = index == 0 ? step : seconds &+ step
            let anchor: String
            if let text = string(values[4][index]) {
                anchor = text
            } else if let step = integer(values[4][index]), let last = anchorNumbers[part],
                      case let (number, overflow) = last.addingReportingOverflow(step), !overflow, number >= 0, number < 1_000_000_000_000_000
            {
                anchor = "m-\(number)"
            } else {
                return nil
            }
            var utf8 = anchor
            anchorNumbers[part] = utf8.withUTF8 { anchorNumber($0) }
            entries.append(
                Entry(part: part, person: person, seconds: seconds, page: page, anchor: anchor, kinds: kinds, text: text, isCut: cut == 1))
        }
        return entries
    }
}
