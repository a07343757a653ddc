import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// A chat's key (what the build cache knows it by) is a digest of its bytes, read in pieces on all cores, and of
/// where it starts: it changes when any of its bytes does, or when it starts on another line or column, and
/// only then.
@Suite struct TelegramChatKeysTests {
    /// Chats' bytes, one after the other in a list.
    static func export(_ chats: [String], between: String = ",\n") -> String {
        "{\"chats\": {\"list\": [\n" + chats.joined(separator: between) + "\n]}}"
    }

    static let chats = (1...3).map { id in
        #"{"id": \#(id), "messages": ["# + (0..<50).map { #"{"id": \#($0), "text": "né \#(id) \#($0)"}"# }.joined(separator: ",\n") + "]}"
    }

    /// Reads `json`'s chats (the elements of its first list) with `body`.
    func withChats<Result>(_ json: String, _ body: (MappedJSONExport, [TelegramChatKeys.Chat]) throws -> Result) throws -> Result {
        let file = try TestSupport.temporaryFolder().appendingPathComponent("result.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        let list = try #require(Array(json.utf8).firstIndex(of: UInt8(ascii: "[")))
        return try MappedJSONExport.read(file, displayPath: "result.json", description: "a test export") { export in
            let ranges = try #require(export.scanner.elements(ofArrayAt: list))
            return try body(export, ranges.enumerated().map { TelegramChatKeys.Chat(range: $1, path: "chats.list[\($0)]", warnings: []) })
        }
    }

    func keys(_ json: String, pieceSize: Int) throws -> [String] {
        try withChats(json) { try TelegramChatKeys.make($0, chats: $1, folder: "/media", pieceSize: pieceSize) }
    }

    @Test(arguments: [1, 7, 64, 4 << 20])
    func eachChatStartsWhereItsFirstByteIs(pieceSize: Int) throws {
        let json = Self.export([Self.chats[0], Self.chats[1], "  " + Self.chats[2]], between: ",\n\n")
        let starts = try withChats(json) { try TelegramChatKeys.measure($0, chats: $1, pieceSize: pieceSize).map(\.start) }
        // Line and column (in scalars) of each chat's `{"id": N`, counted in the text.
        let expected = (1...3).map { id -> TextPosition in
            let before = json[..<json.range(of: "{\"id\": \(id), \"messages\"")!.lowerBound]
            let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
            return TextPosition(line: lines.count, column: lines.last!.unicodeScalars.count + 1)
        }
        #expect(starts == expected)
    }

    @Test(arguments: [7, 64, 4 << 20])
    func aKeyChangesWithItsChatsBytesAndPlaceOnly(pieceSize: Int) throws {
        let original = try keys(Self.export(Self.chats), pieceSize: pieceSize)
        #expect(Set(original).count == 3)
        #expect(try keys(Self.export(Self.chats), pieceSize: pieceSize) == original)
        // One byte of the second chat, near its end.
        var edited = Self.chats
        edited[1] = edited[1].replacingOccurrences(of: "né 2 49", with: "né 2 48")
        let afterEdit = try keys(Self.export(edited), pieceSize: pieceSize)
        #expect(afterEdit[0] == original[0] && afterEdit[1] != original[1] && afterEdit[2] == original[2])
        // A line more between the chats: the second and third start on other lines, the first does not move.
        let moved = try keys(Self.export(Self.chats, between: ",\n\n"), pieceSize: pieceSize)
        #expect(moved[0] == original[0] && moved[1] != original[1] && moved[2] != original[2])
        // A space more before the third chat: it starts in another column.
        let shifted = try keys(Self.export([Self.chats[0], Self.chats[1], " " + Self.chats[2]]), pieceSize: pieceSize)
        #expect(shifted[0] == original[0] && shifted[1] == original[1] && shifted[2] != original[2])
    }
}
