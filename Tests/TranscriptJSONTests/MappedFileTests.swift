import Foundation
import Testing

@testable import TranscriptJSON
@testable import TranscriptSupport

@Suite struct MappedFileTests {
    /// A file of `count` bytes whose byte at offset i is i modulo 251.
    private func patternFile(_ count: Int, _ name: String = #function) throws -> URL {
        let url = try JSONTestFiles.temporaryFolder(name).appendingPathComponent("pattern.bin")
        try Data((0..<count).map { UInt8($0 % 251) }).write(to: url)
        return url
    }

    @Test func releasedPagesReadTheSameBytesAgain() throws {
        let url = try patternFile(3 << 20)
        let file = try MappedFile.open(url.path, displayPath: "pattern.bin")
        #expect(file.bytes.count == 3 << 20)
        let before = file.bytes.reduce(0) { $0 &+ Int($1) }
        file.release(1000..<(2 << 20) + 17)
        file.release(0..<file.bytes.count)
        #expect(file.bytes.reduce(0) { $0 &+ Int($1) } == before)
        #expect(file.bytes[123_456] == UInt8(123_456 % 251))
        #expect(file.bytes[file.bytes.count - 1] == UInt8((file.bytes.count - 1) % 251))
    }

    @Test func aScanThatReleasesFindsWhatAScanThatKeepsFinds() throws {
        // A stride of one page: the scan releases what it passed every few elements.
        let elements = (0..<20_000).map { #"{"id": \#($0), "text": "[\#($0)] {not a bracket}", "list": [1, [2, {"a": "]"}]]}"# }
        let url = try JSONTestFiles.temporaryFolder().appendingPathComponent("doc.json")
        try Data((#"{"name": "x", "messages": ["# + elements.joined(separator: ",\n") + "]}").utf8).write(to: url)
        let file = try MappedFile.open(url.path, displayPath: "doc.json")
        let plain = JSONScanner(bytes: file.bytes)
        let releasing = JSONScanner(bytes: file.bytes, releasingPagesOf: file, every: 4096)
        let members = try #require(releasing.members(ofObjectAt: 0))
        #expect(members.map(\.key) == plain.members(ofObjectAt: 0)?.map(\.key))
        let list = try #require(members.last?.value)
        #expect(releasing.elements(ofArrayAt: list.lowerBound) == plain.elements(ofArrayAt: list.lowerBound))
        #expect(releasing.elements(ofArrayAt: list.lowerBound)?.count == 20_000)
    }

    @Test func anEmptyFileHasNoBytes() throws {
        let url = try JSONTestFiles.temporaryFolder().appendingPathComponent("empty.json")
        try Data().write(to: url)
        let file = try MappedFile.open(url.path, displayPath: "empty.json")
        #expect(file.bytes.isEmpty)
        file.release(0..<10)
    }

    @Test func spilledBytesReadTheSameAndLeaveNoFile() throws {
        let folder = try JSONTestFiles.temporaryFolder()
        let bytes = (0..<100_000).map { UInt8($0 % 251) }
        let file = try MappedFile.spilling(bytes, in: folder.path)
        #expect(Array(file.bytes) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(throws: TranscriptsError.self) {
            try MappedFile.spilling(bytes, in: folder.appendingPathComponent("gone").path)
        }
    }

    @Test func aMissingFileOrAFolderIsAnErrorNamingIt() throws {
        let folder = try JSONTestFiles.temporaryFolder()
        #expect(throws: TranscriptsError(file: "gone.json", message: "cannot read the file (No such file or directory)")) {
            try MappedFile.open(folder.appendingPathComponent("gone.json").path, displayPath: "gone.json")
        }
        #expect(throws: TranscriptsError(file: "folder", message: "cannot read the file (Is a directory)")) {
            try MappedFile.open(folder.path, displayPath: "folder")
        }
    }
}

@Suite struct JSONScannerStringTests {
    @Test func stringsEndAtTheFirstQuoteNotEscapedByAnOddRunOfBackslashes() throws {
        let json = #"{"a": "x\"y", "b": "\\", "c": "\\\"]", "d": "\\\\", "e": ["\"", "}"], "f": ""}"#
        let bytes = Array(json.utf8)
        let members = bytes.withUnsafeBufferPointer { JSONScanner(bytes: $0).members(ofObjectAt: 0) }
        let values = try #require(members).map { member in String(decoding: bytes[member.value], as: UTF8.self) }
        #expect(values == [#""x\"y""#, #""\\""#, #""\\\"]""#, #""\\\\""#, #"["\"", "}"]"#, #""""#])
        let cut = Array(#"{"a": "never ends\"}"#.utf8)
        #expect(cut.withUnsafeBufferPointer { JSONScanner(bytes: $0).members(ofObjectAt: 0) } == nil)
    }
}
