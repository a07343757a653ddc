import Crypto
import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptImport
@testable import TranscriptModel

/// WhatsApp for Android's encrypted backups (`msgstore.db.crypt15`, `.crypt14`), written by the tests as
/// KnugiHK/WhatsApp-Chat-Exporter's `android_crypt.py` reads them: the database zlib-compressed and sealed with
/// AES-256-GCM; crypt15: the header's length, a byte, the header (the IV at bytes 8 to 24 of the file), the
/// sealed database, the 16-byte tag and a 16-byte checksum; crypt14: the IV at 67 and the database at 191.
@Suite struct WhatsAppBackupDecryptionTests {
    static let keyHex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

    /// `data` as a zlib stream: the header 0x78 0x9C, raw deflate, the Adler-32 checksum.
    static func zlib(_ data: Data) throws -> Data {
        var deflated = Data()
        _ = try Data.compress(
            size: Int64(data.count), bufferSize: 64 * 1024,
            provider: { position, size in data.subdata(in: Int(position)..<min(Int(position) + size, data.count)) },
            consumer: { deflated.append($0) })
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return Data([0x78, 0x9C]) + deflated + withUnsafeBytes(of: (b << 16 | a).bigEndian, { Data($0) })
    }

    static func seal(_ database: Data, key: SymmetricKey, iv: [UInt8]) throws -> (ciphertext: Data, tag: Data) {
        let box = try AES.GCM.seal(try zlib(database), using: key, nonce: try AES.GCM.Nonce(data: iv))
        return (box.ciphertext, box.tag)
    }

    static func crypt15(_ database: Data) throws -> Data {
        let iv = [UInt8](1...16)
        let stream = try #require(WhatsAppBackupDecryption.crypt15KeyStream(Array(keyHex.utf8)))
        let (ciphertext, tag) = try seal(database, key: WhatsAppBackupDecryption.crypt15Key(stream), iv: iv)
        // The header: 30 bytes, the IV at its sixth byte (the file's eighth).
        let header = [UInt8](repeating: 0x2A, count: 6) + iv + [UInt8](repeating: 0x10, count: 8)
        return Data([UInt8(header.count), 0x01] + header) + ciphertext + tag + Data(repeating: 0xEE, count: 16)
    }

    static func crypt14(_ database: Data, keyFile: [UInt8]) throws -> Data {
        let iv = [UInt8](17...32)
        let (ciphertext, tag) = try seal(database, key: SymmetricKey(data: keyFile.suffix(32)), iv: iv)
        return Data([UInt8](repeating: 0, count: 67) + iv + [UInt8](repeating: 0, count: 191 - 83)) + ciphertext + tag + Data(repeating: 0xEE, count: 16)
    }

    /// The fixture's folder with the database replaced by `encrypted` (named `name`).
    static func folder(_ name: String, _ encrypted: (Data) throws -> Data, key: Data?, function: String = #function) throws -> URL {
        let folder = try WhatsAppAndroidFixture.folder(name: function)
        let database = folder.appendingPathComponent("msgstore.db")
        try encrypted(try Data(contentsOf: database)).write(to: folder.appendingPathComponent(name))
        try FileManager.default.removeItem(at: database)
        if let key { try key.write(to: folder.appendingPathComponent("key")) }
        return folder
    }

    static func read(_ url: URL) throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        var context = ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: ["Me Myself"])
        context.workspace = try TestSupport.temporaryFolder("work")
        try WhatsAppAndroidImporter().importConversations(from: ExportSource(url: url, displayPath: "phone"), context: context) {
            result.append($0)
        }
        return result
    }

    @Test func crypt15WithItsHexKeyReadsAsTheDatabase() throws {
        let plain = try WhatsAppAndroidFixture.read(try WhatsAppAndroidFixture.folder())
        let folder = try Self.folder("msgstore.db.crypt15", Self.crypt15, key: Data(Self.keyHex.utf8))
        #expect(ImporterRegistry.builtIn.detect(folder)?.format == "whatsapp-android")
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("msgstore.db.crypt15"))?.format == "whatsapp-android")
        let read = try Self.read(folder)
        #expect(read.map(\.conversation) == plain.map(\.conversation))
        #expect(read[0].mediaFolder.path == folder.appendingPathComponent("WhatsApp").path)
    }

    @Test func crypt15WithAJavaSerializedKeyFile() throws {
        let stream = try #require(WhatsAppBackupDecryption.crypt15KeyStream(Array(Self.keyHex.utf8)))
        let serialized = [0xAC, 0xED, 0x00, 0x05, 0x75, 0x72, 0x00, 0x02, 0x5B, 0x42] + [UInt8](repeating: 0x11, count: 17) + [0, 0, 0, 32] + stream
        #expect(WhatsAppBackupDecryption.crypt15KeyStream(serialized) == stream)
        let folder = try Self.folder("msgstore.db.crypt15", Self.crypt15, key: Data(serialized))
        #expect(try Self.read(folder).count == 2)
    }

    @Test func crypt14WithItsKeyFile() throws {
        let keyFile = [UInt8](repeating: 0x42, count: 126) + [UInt8](100..<132)
        let folder = try Self.folder("msgstore.db.crypt14", { try Self.crypt14($0, keyFile: keyFile) }, key: Data(keyFile))
        #expect(try Self.read(folder.appendingPathComponent("msgstore.db.crypt14")).count == 2)
    }

    @Test func aWrongOrMissingKeyIsAnErrorNamingTheFile() throws {
        let wrong = try Self.folder("msgstore.db.crypt15", Self.crypt15, key: Data(String(repeating: "ab", count: 32).utf8))
        #expect(IOSBackupImporterTests.error { _ = try Self.read(wrong) }
            == "phone/msgstore.db.crypt15: cannot decrypt this WhatsApp backup with its key (a wrong key, or a damaged file)")
        let missing = try Self.folder("msgstore.db.crypt15", Self.crypt15, key: nil)
        #expect(IOSBackupImporterTests.error { _ = try Self.read(missing) }?.hasPrefix(
            "phone/msgstore.db.crypt15: an encrypted WhatsApp backup (crypt15) needs its key") == true)
    }
}
