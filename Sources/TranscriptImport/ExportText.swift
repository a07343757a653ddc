import Foundation
import TranscriptModel
import TranscriptSupport

/// The bytes of an export's file as UTF-8, whatever encoding the file is in: UTF-16 files with a byte-order
/// mark (as Windows editors save them) are converted, and bytes that are not UTF-8 are replaced with U+FFFD
/// and reported with the line they are on. Valid UTF-8 is returned as it was read, without a copy.
package enum ExportText {
    /// A file's bytes as UTF-8, and a warning when some had to be replaced.
    package struct Decoded {
        package var data: Data
        package var warning: String?
    }

    /// Reads the file at `url` (mapped into memory when `mapped`), as `displayPath` names it in errors. With a
    /// `legacyEncoding`, bytes that are not UTF-8 are left for the importer, which reads them in that encoding
    /// (the warning says so).
    package static func read(
        _ url: URL, displayPath: String, mapped: Bool = false, what: String = "file", legacyEncoding: String? = nil
    ) throws -> Decoded {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: mapped ? .alwaysMapped : [])
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot read the \(what) (\(TranscriptsError.sentence(for: error)))")
        }
        return decode(data, displayPath: displayPath, legacyEncoding: legacyEncoding)
    }

    /// `data` as UTF-8 (see the type).
    package static func decode(_ data: Data, displayPath: String, legacyEncoding: String? = nil) -> Decoded {
        if let bigEndian = utf16ByteOrder(data) {
            return Decoded(data: utf16ToUTF8(data.dropFirst(2), bigEndian: bigEndian), warning: nil)
        }
        guard let invalid = firstInvalidUTF8(data) else { return Decoded(data: data, warning: nil) }
        let line = data[data.startIndex..<invalid].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let places = invalidSequences(in: data)
        if let legacyEncoding {
            return Decoded(
                data: data,
                warning: "\(displayPath): line \(line): bytes that are not UTF-8 are read as \(legacyEncoding)"
                    + (places > 1 ? " (\(places) places in the file)" : ""))
        }
        let repaired = Data(String(decoding: data, as: UTF8.self).utf8)
        return Decoded(
            data: repaired,
            warning: "\(displayPath): line \(line): bytes that are not UTF-8 are shown as �"
                + (places > 1 ? " (\(places) places in the file)" : ""))
    }

    /// The first lines of a file, as detection reads them: converted like the whole file, at most `count` bytes.
    package static func head(_ data: Data) -> Data {
        if let bigEndian = utf16ByteOrder(data) {
            return utf16ToUTF8(data.dropFirst(2).prefix((data.count - 2) & ~1), bigEndian: bigEndian)
        }
        return data
    }

    /// True for big-endian, false for little-endian, nil without a UTF-16 byte-order mark.
    static func utf16ByteOrder(_ data: Data) -> Bool? {
        guard data.count >= 2 else { return nil }
        let first = data[data.startIndex], second = data[data.startIndex + 1]
        if first == 0xFE, second == 0xFF { return true }
        if first == 0xFF, second == 0xFE { return false }
        return nil
    }

    static func utf16ToUTF8(_ bytes: Data, bigEndian: Bool) -> Data {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let high = UInt16(bytes[index]), low = UInt16(bytes[index + 1])
            units.append(bigEndian ? high << 8 | low : low << 8 | high)
            index += 2
        }
        return Data(String(decoding: units, as: UTF16.self).utf8)
    }

    /// The index of the first byte that does not start a valid UTF-8 sequence, or nil when all of `data` is valid.
    static func firstInvalidUTF8(_ data: Data) -> Data.Index? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Data.Index? in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var index = 0
            let count = bytes.count
            while index < count {
                // Eight ASCII bytes at a time.
                if index + 8 <= count {
                    let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                let length = sequenceLength(bytes, at: index)
                if length == 0 { return data.startIndex + index }
                index += length
            }
            return nil
        }
    }

    /// How many invalid sequences `data` holds (each becomes one U+FFFD).
    static func invalidSequences(in data: Data) -> Int {
        var count = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: count += 1
            }
        }
        return count
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 when none starts there (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
