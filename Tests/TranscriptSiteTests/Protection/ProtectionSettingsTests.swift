import Foundation
import Testing

@testable import TranscriptSite

@Suite struct ProtectionSettingsTests {
    func parse(_ text: String) throws -> SiteConfiguration {
        try ConfigurationLoader.parse(text, displayPath: "transcripts.yml")
    }

    func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    @Test func theBlockTurnsProtectionOn() throws {
        #expect(try parse("title: Open\n").protect == ProtectionSettings())
        #expect(try parse("title: Open\n").protect.enabled == false)
        #expect(try parse("protect:\n").protect == ProtectionSettings(enabled: true))
        #expect(try parse("protect: {}\n").protect == ProtectionSettings(enabled: true))
        let full = try parse("""
            protect:
              passphraseFile: secrets/passphrase.txt
              media: false
              salt: AAECAwQFBgcICQoLDA0ODw==
              iterations: 1000000

            """).protect
        #expect(full == ProtectionSettings(
            enabled: true, passphraseFile: "secrets/passphrase.txt", media: false, salt: "AAECAwQFBgcICQoLDA0ODw==",
            iterations: 1_000_000))
        #expect(try parse("protect: {enabled: false, passphraseFile: p.txt}\n").protect.enabled == false)
    }

    @Test func badValuesAreErrorsNamingTheKey() {
        #expect(error("protect: {iterations: 100000}\n").contains("protect.iterations"))
        #expect(error("protect: {iterations: 100000}\n").contains("PBKDF2 needs 600000 to 100000000 rounds, not 100000"))
        #expect(error("protect: {salt: c2FsdA==}\n").contains("protect.salt"))
        #expect(error("protect: {salt: c2FsdA==}\n").contains("a salt is base64 of 16 to 64 bytes"))
        #expect(error("protect: {passphrase: hunter2}\n").contains("protect.passphrase"))
        #expect(error("protect: {passphraseFile: \" \"}\n").contains("the file name is empty"))
    }
}
