import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// The typedstream reader and the NSAttributedString of `message.attributedBody`.
@Suite struct TypedStreamTests {
    /// "Hi" with one run, whose attributes say it is message part 0: the smallest attributedBody macOS writes.
    /// Written out byte by byte from the public description of the format (dgelessus/python-typedstream,
    /// `src/typedstream/stream.py`: header, heads and tags, shared strings and reference numbers from 0x92;
    /// `archiver.py`: objects numbered before their classes, C strings numbered too; and the attributedBody
    /// notes of ReagentX/imessage-exporter, `imessage-database/src/tables/messages/body.rs`: the string, then
    /// `iI` runs with a dictionary the first time a number appears).
    static let hiBytes: [UInt8] =
        [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]  // version 4, signature, system 1000
        + [0x84, 0x01, 0x40]  // a group of type "@" (new shared string 0)
        + [0x84]  // a new object (object 0)
        + [0x84, 0x84, 0x12] + Array("NSAttributedString".utf8) + [0x00]  // new class (1), its name (shared 1), version 0
        + [0x84, 0x84, 0x08] + Array("NSObject".utf8) + [0x00]  // its superclass (2), name (shared 2), version 0
        + [0x85]  // NSObject has no superclass
        + [0x92]  // a group of type "@" (shared string 0)
        + [0x84]  // a new object (3): the NSString
        + [0x84, 0x84, 0x08] + Array("NSString".utf8) + [0x01]  // new class (4), name (shared 3), version 1
        + [0x94]  // superclass: object 2, NSObject
        + [0x84, 0x01, 0x2B]  // a group of type "+" (shared 4)
        + [0x02, 0x48, 0x69]  // 2 bytes: "Hi"
        + [0x86]  // end of the NSString
        + [0x84, 0x02, 0x69, 0x49]  // a group of type "iI" (shared 5)
        + [0x01, 0x02]  // attributes 1, for 2 UTF-16 units
        + [0x92]  // a group of type "@"
        + [0x84]  // a new object (5): the NSDictionary
        + [0x84, 0x84, 0x0C] + Array("NSDictionary".utf8) + [0x00]  // new class (6), name (shared 6), version 0
        + [0x94]  // superclass NSObject
        + [0x84, 0x01, 0x69, 0x01]  // a group of type "i" (shared 7): 1 entry
        + [0x92, 0x84, 0x96]  // "@", a new object (7) of class 4 (NSString)
        + [0x96, 0x1D] + Array("__kIMMessagePartAttributeName".utf8) + [0x86]  // "+" (shared 4), 29 bytes; end
        + [0x92, 0x84]  // "@", a new object (8)
        + [0x84, 0x84, 0x08] + Array("NSNumber".utf8) + [0x00]  // new class (9), name (shared 8)
        + [0x84, 0x84, 0x07] + Array("NSValue".utf8) + [0x00]  // new class (10), name (shared 9)
        + [0x94]  // superclass NSObject
        + [0x84, 0x01, 0x2A]  // a group of type "*" (shared 10)
        + [0x84, 0x84, 0x01, 0x71]  // a new C string (11): "q" (new shared string 11)
        + [0x9D, 0x00]  // a group of type "q" (shared 11): 0
        + [0x86]  // end of the NSNumber
        + [0x86]  // end of the NSDictionary
        + [0x86]  // end of the NSAttributedString

    @Test func readsHandWrittenBytes() throws {
        let body = try IMessageAttributedBody(Self.hiBytes)
        #expect(body.text == "Hi")
        #expect(body.runs == [.init(text: "Hi", attributes: ["__kIMMessagePartAttributeName": .number(0)])])
        #expect(body.kind == .text("Hi"))
        let groups = try TypedStreamReader.read(Self.hiBytes)
        #expect(groups.count == 1)
        #expect(groups[0].first?.object?.classes == ["NSAttributedString", "NSObject"])
    }

    /// The fuzzers' find (November 2026): a `d` or `f` value whose sign bit is set trapped ("Negative value is not
    /// representable"), so a message whose attributes held a negative number stopped the build.
    @Test func negativeFloatingPointNumbersAreRead() throws {
        let header: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
        let double = withUnsafeBytes(of: (-1.5).bitPattern.littleEndian) { Array($0) }
        let float = withUnsafeBytes(of: Float(-2.25).bitPattern.littleEndian) { Array($0) }
        // A group of type "d" (new shared string 0), a float tag and its 8 bytes; one of type "f" (shared 1) and 4.
        let bytes = header + [0x84, 0x01, 0x64, 0x83] + double + [0x84, 0x01, 0x66, 0x83] + float
        #expect(try TypedStreamReader.read(bytes) == [[.double(-1.5)], [.double(-2.25)]])
    }

    @Test func writerMatchesHandWrittenBytes() {
        let written = TypedStreamWriter.attributedString([("Hi", [("__kIMMessagePartAttributeName", .number(0))])])
        #expect(written == Self.hiBytes)
    }

    /// Runs of text with links, mentions and the styles of macOS 15; a run whose attributes were given before
    /// refers to them by number; UTF-16 lengths over emoji; U+FFFC (an attachment's place) left out.
    @Test func formattingBecomesMarkdown() throws {
        let part: (String, TypedStreamWriter.Value) = ("__kIMMessagePartAttributeName", .number(0))
        let bytes = TypedStreamWriter.attributedString([
            ("\u{FFFC}", [part, ("__kIMFileTransferGUIDAttributeName", .text("at_0_ABC"))]),
            ("Hey ", [part]),
            ("@Bo", [part, ("__kIMMentionConfirmedMention", .text("+15550001111"))]),
            (" 🎉 ", [part]),
            ("bold", [part, ("__kIMTextBoldAttributeName", .number(1))]),
            (" and ", [part]),
            ("shaky", [part, ("__kIMTextEffectAttributeName", .number(9))]),
            (", ", [part]),
            ("it", [part, ("__kIMTextItalicAttributeName", .number(1))]),
            ("u", [part, ("__kIMTextUnderlineAttributeName", .number(1))]),
            ("s", [part, ("__kIMTextStrikethroughAttributeName", .number(1))]),
            (" see ", [part]),
            ("example.com", [part, ("__kIMLinkAttributeName", .url("https://example.com/"))]),
        ])
        let body = try IMessageAttributedBody(bytes)
        #expect(body.text == "\u{FFFC}Hey @Bo 🎉 bold and shaky, itus see example.com")
        #expect(body.runs.map(\.text) == ["\u{FFFC}", "Hey ", "@Bo", " 🎉 ", "bold", " and ", "shaky", ", ", "it", "u", "s", " see ", "example.com"])
        #expect(body.runs[6].attributes["__kIMTextEffectAttributeName"] == .number(9))
        #expect(body.runs[12].attributes["__kIMLinkAttributeName"] == .url("https://example.com/"))
        #expect(body.kind == .markdown(
            #"Hey ![\@Bo](transcripts:mention) 🎉 ![bold](transcripts:bold) and shaky\, ![it](transcripts:italic)![u](transcripts:underline)![s](transcripts:strike) see [example\.com](<https://example.com/>)"#))
    }

    /// A blob that is not a typedstream, or one cut short, is an error that says where.
    @Test func badBlobsAreErrors() {
        #expect(throws: TypedStreamError.self) { try IMessageAttributedBody(Array("bplist00".utf8)) }
        #expect(throws: TypedStreamError.self) { try IMessageAttributedBody(Array(Self.hiBytes.prefix(60))) }
        // A reference to an object that was never written.
        var bytes = Array(Self.hiBytes.prefix(16))
        bytes += [0x84, 0x01, 0x40, 0xA0]
        #expect(throws: TypedStreamError.self) { try TypedStreamReader.read(bytes) }
        do {
            _ = try TypedStreamReader.read(Array(Self.hiBytes.prefix(40)))
            Issue.record("read bytes cut short")
        } catch {
            // The class name that starts at byte 23 runs past the end.
            #expect("\(error)" == "the data ends early at byte 23")
        }
    }
}
