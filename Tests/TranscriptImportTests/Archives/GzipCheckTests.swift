import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel

/// A compressed tar is checked against its gzip trailers before it is unpacked: damage that leaves the stream
/// readable (a stored block's bytes, the trailer) is an error naming the archive; a tar of several gzip members, or
/// with bytes after the last one, is read as `gzip` reads it.
@Suite struct GzipCheckTests {
    static let chat = "[03/05/2024, 09:30:00] Ann: hello\n"

    /// A folder holding `export.tgz`: a WhatsApp chat and 96 KB of random bytes (which deflate stores as they are),
    /// tarred, then compressed by `gzip` as `pieces` members of about equal size, one after another.
    static func tgz(pieces: Int = 1, name: String = #function) throws -> (folder: URL, url: URL) {
        let folder = try TestSupport.temporaryFolder(name)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = Data((0..<98_304).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        })
        try TestSupport.write(["export/_chat.txt": Self.chat], in: folder)
        try noise.write(to: folder.appendingPathComponent("export/noise.bin"))
        let tar = folder.appendingPathComponent("export.tar")
        try TestSupport.tar(["-cf", tar.path, "-C", folder.path, "export"])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("export"))
        let bytes = try Data(contentsOf: tar)
        try FileManager.default.removeItem(at: tar)
        var compressed = Data()
        let size = (bytes.count + pieces - 1) / pieces
        for start in stride(from: 0, to: bytes.count, by: size) {
            compressed += try gzip(bytes.subdata(in: start..<min(start + size, bytes.count)))
        }
        let url = folder.appendingPathComponent("export.tgz")
        try compressed.write(to: url)
        return (folder, url)
    }

    /// `bytes` compressed by the system's `gzip`, with no name or time in the header.
    static func gzip(_ bytes: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writing = Thread { try? input.fileHandleForWriting.write(contentsOf: bytes); try? input.fileHandleForWriting.close() }
        writing.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return compressed
    }

    static func unpackError(_ url: URL, in folder: URL) -> String? {
        do {
            _ = try ExportFinder(registry: .builtIn, forced: nil, workspace: folder.appendingPathComponent("work"), reusesUnpacked: false)
                .find([url.path], in: folder)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func damage(_ url: URL, _ change: (inout [UInt8]) -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        change(&bytes)
        try Data(bytes).write(to: url)
    }

    @Test(arguments: [1, 3])
    func anIntactTgzIsReadWhateverItsMembers(pieces: Int) throws {
        let (folder, url) = try Self.tgz(pieces: pieces, name: "intact-\(pieces)")
        try GzipCheck.verify(url)
        // Zeros after the last member (a tape's padding) are ignored, as gzip and libarchive ignore them.
        try Self.damage(url) { $0 += [UInt8](repeating: 0, count: 1_000) }
        try GzipCheck.verify(url)
        #expect(Self.unpackError(url, in: folder) == nil)
        let result = try ExportFinder(registry: .builtIn, forced: nil, workspace: folder.appendingPathComponent("work"), reusesUnpacked: false)
            .find([url.path], in: folder)
        #expect(result.exports.count == 1)
    }

    /// A byte of the random file changed where deflate stored it as it is: the stream still reads, libarchive
    /// would unpack it, and only the CRC-32 finds it.
    @Test func aChangedStoredByteIsFoundByTheCRC() throws {
        let (folder, url) = try Self.tgz()
        try Self.damage(url) { $0[$0.count / 2] ^= 0x01 }
        let error = try #require(Self.unpackError(url, in: folder))
        #expect(error.hasSuffix("export.tgz: the archive is damaged (its gzip stream's CRC-32 checksum does not match the bytes it holds): not unpacked"))
        // Nothing was unpacked.
        let unpacked = (try? FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("work").path)) ?? []
        #expect(!unpacked.contains { $0.hasSuffix("_chat.txt") })
    }

    @Test func aWrongLengthInTheTrailerIsFound() throws {
        let (folder, url) = try Self.tgz()
        try Self.damage(url) { $0[$0.count - 4] ^= 0x01 }
        let error = try #require(Self.unpackError(url, in: folder))
        #expect(error.hasSuffix("export.tgz: the archive is damaged (its gzip stream's length does not match the bytes it holds): not unpacked"))
    }

    /// A second member damaged, and a stream cut inside a member: errors too.
    @Test func aDamagedLaterMemberOrAStreamCutShortIsFound() throws {
        let (folder, url) = try Self.tgz(pieces: 3)
        try Self.damage(url) { $0[$0.count - 9] ^= 0x01 }
        #expect(Self.unpackError(url, in: folder)?.contains("export.tgz: the archive is damaged") == true)
        let (other, cut) = try Self.tgz(name: "cut")
        try Self.damage(cut) { $0.removeLast(100) }
        #expect(throws: GzipCheck.Failure.self) { try GzipCheck.verify(cut) }
        #expect(Self.unpackError(cut, in: other)?.contains("export.tgz: the archive is damaged") == true)
    }
}
