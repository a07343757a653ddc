import Foundation
import Testing

import TranscriptModel
import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptSupport
@testable import TranscriptTemplates

/// Whole builds of protected sites: nothing of the conversations in any byte of the output, everything opens
/// with the key, incremental builds equal clean ones, and a missing passphrase writes nothing.
@Suite struct ProtectedBuildTests {
    static let passphrase = "correct horse battery staple"

    static let conversation = TestSupport.conversation(
        id: "alice-chat", title: "Chat with Alice Smith",
        messages: [
            #"{"id":"1","sender":"alice","date":"2024-05-01T10:00:00Z","text":"Meet at the lighthouse on Sunday"}"#,
            #"{"id":"2","sender":"me","date":"2024-05-01T10:01:00Z","text":"Bringing the zucchini bread"}"#,
            #"{"id":"3","sender":"alice","date":"2024-06-02T09:00:00Z","type":"photo","photo":{"file":"media/harbour.png","caption":"Harbour view"}}"#,
        ],
        participants: #"[{"id":"me","name":"Me"},{"id":"alice","name":"Alice Smith"}]"#)

    /// What must not appear in any file: title, names, words of the messages, the media file's name, the
    /// passphrase.
    static let secrets = ["Alice", "alice", "Smith", "lighthouse", "zucchini", "Harbour", "harbour", passphrase, "horse"]

    static func makeSite(config: String = "title: Archive\nme: me\nprotect: {}\n", name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(config: config, conversations: ["family.json": conversation], name: name)
        let png = try Data(contentsOf: TestSupport.packageFolder.appendingPathComponent("Tests/browser/display-site/conversations/media/photo.png"))
        try FileManager.default.createDirectory(at: site.appendingPathComponent("conversations/media"), withIntermediateDirectories: true)
        try png.write(to: site.appendingPathComponent("conversations/media/harbour.png"))
        try IncrementalBuildTests.settle(site)
        return site
    }

    @discardableResult
    static func build(
        _ site: URL, passphrase: String? = passphrase, protect: Bool = false, newSalt: Bool = false, clean: Bool = false,
        output: URL? = nil
    ) throws -> BuildSummary {
        try SiteBuilder(options: BuildOptions(
            site: site, output: output, clean: clean,
            protection: ProtectionOptions(protect: protect, newSalt: newSalt, passphrase: passphrase))).build()
    }

    static func files(_ site: URL, _ folder: String = "public") throws -> [String: Data] {
        try SiteBuilderTests.files(in: site.appendingPathComponent(folder))
    }

    static func key(of site: URL) throws -> SiteKey {
        let record = try #require(ProtectionRecord.read(inSite: site.appendingPathComponent("public")))
        return try SiteKey(passphrase: passphrase, salt: #require(SiteSalt(base64: record.salt)), iterations: record.iterations)
    }

    @Test func noFileHoldsAnythingOfTheConversations() throws {
        let site = try Self.makeSite()
        let summary = try Self.build(site)
        #expect(summary.warnings == [])
        let files = try Self.files(site)
        var leaks: [String] = []
        for (path, data) in files {
            for secret in Self.secrets where String(decoding: data, as: UTF8.self).contains(secret) || path.contains(secret) {
                leaks.append("\(secret) in \(path)")
            }
        }
        #expect(leaks == [])
        // The open files: assets, the appearances, how the key is derived.
        let open = files.keys.filter { !$0.hasSuffix(".html") && !$0.hasPrefix("search/") && !$0.hasSuffix(".xml.js") && !$0.hasPrefix("media/") }
        #expect(Set(open) == Set(["appearances.css", "protection.json"]).union(try TemplateSet.builtIn().assets.keys))
        #expect(files.keys.contains { $0.hasPrefix("media/") && $0.hasSuffix(".png.js") })
        #expect(files.keys.contains { $0.hasSuffix("/feed.xml.js") })
    }

    @Test func everySealedFileOpensWithTheKeyToTheSite() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let key = try Self.key(of: site)
        let sealing = SealedOutput(sealer: FileSealer(key: key), sealsMedia: true, lockedPage: { _, _ in "" }, fingerprint: "")
        let folder = key.name(for: "folder alice-chat")
        let files = try Self.files(site)
        let page = try #require(files["c/\(folder)/2024-05.html"])
        let opened = String(decoding: try #require(sealing.made(fromStored: [UInt8](page), at: "c/\(folder)/2024-05.html")), as: UTF8.self)
        #expect(opened.contains("<title>Chat with Alice Smith · May 2024 · Archive</title>"))
        #expect(opened.contains("Meet at the lighthouse on Sunday"))
        let june = String(decoding: try #require(sealing.made(fromStored: [UInt8](files["c/\(folder)/2024-06.html"]!), at: "c/\(folder)/2024-06.html")), as: UTF8.self)
        let media = try #require(files.keys.first { $0.hasPrefix("media/") }).dropLast(3)
        #expect(june.contains(#"src="../../\#(media)""#))
        let png = try #require(sealing.made(fromStored: [UInt8](files[String(media) + ".js"]!), at: String(media)))
        #expect(png.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        let manifest = try #require(sealing.made(fromStored: [UInt8](files["search/index.js"]!), at: "search/index.js"))
        #expect(String(decoding: manifest, as: UTF8.self).contains(#""conversations":[{"title":"Chat with Alice Smith","url":"c/\#(folder)/"}]"#))
        let index = String(decoding: files["index.html"]!, as: UTF8.self)
        #expect(index.contains(#"<input id="unlock-passphrase" name="passphrase" type="password""#))
        // The scripts' words (open, like every asset) come before the scripts that say them.
        let version = "?v=" + (TemplateSet.assetVersion)
        #expect(index.contains(#"<script src="assets/strings.js\#(version)"></script>\#n<script src="assets/theme.js\#(version)"></script>\#n<script src="assets/unlock.js\#(version)""#))
        #expect(index.contains(#"<script src="assets/unlock.js\#(version)" data-salt="\#(try #require(ProtectionRecord.read(inSite: site.appendingPathComponent("public"))).salt)" data-iterations="600000" data-media="sealed"></script>"#))
    }

    @Test func aMissingOrEmptyPassphraseIsAnErrorBeforeAnythingIsWritten() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let before = try Self.files(site)
        #expect(throws: TranscriptsError.self) { try Self.build(site, passphrase: nil) }
        do {
            try Self.build(site, passphrase: nil)
        } catch {
            #expect("\(error)".contains("a protected site needs a passphrase: set TRANSCRIPTS_PASSPHRASE"))
        }
        do {
            try Self.build(site, passphrase: "")
        } catch {
            #expect("\(error)" == "TRANSCRIPTS_PASSPHRASE is empty: a protected site needs a passphrase")
        }
        #expect(try Self.files(site) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".public.") }
        #expect(leftovers == [])
    }

    @Test func thePassphraseCanComeFromAFileNamedInTheConfig() throws {
        let site = try Self.makeSite(config: "title: Archive\nme: me\nprotect: {passphraseFile: secret.txt}\n")
        do {
            try Self.build(site, passphrase: nil)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasSuffix("secret.txt: cannot read the passphrase file (protect.passphraseFile in \(site.appendingPathComponent("transcripts.yml").relativePathForDisplay))"))
        }
        try "\n".write(to: site.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        #expect(throws: TranscriptsError.self) { try Self.build(site, passphrase: nil) }
        try (Self.passphrase + "\nsecond line is not part of it\n").write(to: site.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try Self.build(site, passphrase: nil)
        _ = try Self.key(of: site)  // derived from the file's first line: the pages open with it
        let key = try Self.key(of: site)
        let sealing = SealedOutput(sealer: FileSealer(key: key), sealsMedia: true, lockedPage: { _, _ in "" }, fingerprint: "")
        #expect(sealing.made(fromStored: [UInt8](try Self.files(site)["index.html"]!), at: "index.html") != nil)
    }

    @Test func anIncrementalBuildEqualsACleanOneWithTheSameSalt() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let salt = ProtectionRecord.read(inSite: site.appendingPathComponent("public"))?.salt
        let edited = Self.conversation.replacingOccurrences(of: "zucchini bread", with: "rhubarb pie")
        try edited.write(to: site.appendingPathComponent("conversations/family.json"), atomically: true, encoding: .utf8)
        let summary = try Self.build(site)
        #expect(summary.filesUnchanged > 0)
        #expect(ProtectionRecord.read(inSite: site.appendingPathComponent("public"))?.salt == salt)
        let incremental = try Self.files(site)
        try Self.build(site, clean: true)
        #expect(try Self.files(site) == incremental)
        // A clean build elsewhere with no previous output makes a new salt: every sealed file differs.
        let elsewhere = site.appendingPathComponent("elsewhere")
        try Self.build(site, output: elsewhere)
        let other = try Self.files(site, "elsewhere")
        #expect(Set(other.keys).subtracting(incremental.keys) == Set(other.keys.filter { $0.hasPrefix("c/") || $0.hasPrefix("media/") }))
    }

    @Test func aNewSaltChangesEverySealedFile() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let before = try Self.files(site)
        try Self.build(site, newSalt: true, clean: true)
        let after = try Self.files(site)
        #expect(after["protection.json"] != before["protection.json"])
        let sealed = before.keys.filter { $0.hasPrefix("search/") || $0.hasPrefix("media/") || $0 == "index.html" }
        #expect(!sealed.isEmpty)
        for path in sealed { #expect(after[path] != before[path], "\(path)") }
        // A salt fixed in the config stays.
        let pinned = try Self.makeSite(config: "title: Archive\nme: me\nprotect: {salt: AAECAwQFBgcICQoLDA0ODw==}\n")
        try Self.build(pinned)
        #expect(ProtectionRecord.read(inSite: pinned.appendingPathComponent("public"))?.salt == "AAECAwQFBgcICQoLDA0ODw==")
        #expect(throws: TranscriptsError.self) { try Self.build(pinned, newSalt: true) }
    }

    @Test func mediaCanStayOpenWithAWarning() throws {
        let site = try Self.makeSite(config: "title: Archive\nme: me\nprotect: {media: false}\n")
        let summary = try Self.build(site)
        #expect(summary.warnings == [
            "\(site.appendingPathComponent("transcripts.yml").relativePathForDisplay): protect.media is false: photos, videos, voice messages and files are published unencrypted"
        ])
        let media = try Self.files(site).keys.filter { $0.hasPrefix("media/") }
        #expect(media.count == 1 && media.allSatisfy { $0.hasSuffix(".png") })
        #expect(String(decoding: try Self.files(site)["index.html"]!, as: UTF8.self).contains(#"data-media="open""#))
    }

    @Test func protectOnTheCommandLineAndAShortPassphraseWarning() throws {
        let site = try Self.makeSite(config: "title: Archive\nme: me\n")
        let summary = try Self.build(site, passphrase: "short", protect: true)
        #expect(summary.warnings.count == 1 && summary.warnings[0].hasPrefix("the passphrase has 5 characters"))
        #expect(try Self.files(site)["protection.json"] != nil)
        #expect(throws: TranscriptsError.self) { try Self.build(site, newSalt: true) }  // --new-salt on an open site
    }

    @Test func anOpenBuildAfterAProtectedOneTakesNothingSealedOver() throws {
        let site = try Self.makeSite(config: "title: Archive\nme: me\n")
        try Self.build(site, protect: true)
        try Self.build(site)
        let open = try Self.files(site)
        #expect(open["protection.json"] == nil && open["assets/unlock.js"] == nil)
        #expect(String(decoding: open["c/alice-chat/2024-05.html"]!, as: UTF8.self).contains("Meet at the lighthouse on Sunday"))
        try Self.build(site, clean: true)
        #expect(try Self.files(site) == open)
        // And back: nothing open is taken over into the protected site.
        try Self.build(site, protect: true)
        #expect(try Self.files(site).keys.filter { $0.hasPrefix("c/alice-chat") } == [])
    }
}

extension ProtectedBuildTests {
    @Test func anotherPassphraseReEncryptsEveryFileWithTheSameSalt() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let before = try Self.files(site)
        try Self.build(site, passphrase: "an entirely different passphrase")
        let after = try Self.files(site)
        #expect(after["protection.json"] == before["protection.json"])
        #expect(after.keys.filter { $0.hasPrefix("c/") }.allSatisfy { before[$0] == nil })  // folders are named by the key
        for path in ["index.html", "search.html", "search/index.js"] { #expect(after[path] != before[path], "\(path)") }
    }

    @Test func theSummaryNamesConversationsByTheirFolder() throws {
        let site = try Self.makeSite()
        let summary = try Self.build(site)
        let folder = try Self.key(of: site).name(for: "folder alice-chat")
        #expect(summary.conversations.map(\.title) == ["c/\(folder)/"])
        #expect(!summary.report.contains("Alice"))
        #expect(!String(decoding: summary.json, as: UTF8.self).contains("Alice"))
    }
}
