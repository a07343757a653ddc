import Foundation
import Testing

@testable import TranscriptSite

@Suite struct SealedOutputTests {
    static func output(media: Bool = true) -> SealedOutput {
        SealedOutput(
            sealer: FileSealerTests.sealer, sealsMedia: media,
            lockedPage: { root, sealed in "<p>\(root)</p>" + SealedOutput.pageDataMark + sealed + "</script>" },
            fingerprint: "test")
    }

    @Test func eachKindOfFileHasItsForm() {
        let output = Self.output()
        #expect(output.form(of: "index.html") == .page)
        #expect(output.form(of: "c/x/2024-05.html") == .page)
        #expect(output.form(of: "search/t/0.js") == .index(name: "t/0"))
        #expect(output.form(of: "search/index.js") == .index(name: "index"))
        #expect(output.form(of: "media/ab-12.png") == .resource)
        #expect(output.form(of: "c/x/feed.xml") == .resource)
        #expect(output.form(of: "assets/transcripts.css") == .asMade)
        #expect(output.form(of: "appearances.css") == .asMade)
        #expect(output.form(of: "protection.json") == .asMade)
        #expect(Self.output(media: false).form(of: "media/ab-12.png") == .asMade)
        #expect(output.storedPath("media/ab-12.png") == "media/ab-12.png.js")
        #expect(output.storedPath("c/x/feed.xml") == "c/x/feed.xml.js")
        #expect(output.storedPath("search/t/0.js") == "search/t/0.js")
        #expect(output.storedPath("c/x/index.html") == "c/x/index.html")
    }

    @Test func aPageIsLockedWithItsRootAndOpensAgain() throws {
        let output = Self.output()
        let page = Array("<!DOCTYPE html><title>Chat with Alice</title>".utf8)
        let stored = try output.stored(page, madeAt: "c/x/2024-05.html")
        let text = String(decoding: stored, as: UTF8.self)
        #expect(text.hasPrefix("<p>../../</p>" + SealedOutput.pageDataMark))
        #expect(!text.contains("Alice"))
        #expect(output.made(fromStored: stored, at: "c/x/2024-05.html") == page)
        #expect(String(decoding: try output.stored(page, madeAt: "index.html"), as: UTF8.self).hasPrefix("<p></p>"))
    }

    @Test func anIndexFileKeepsOnlyItsJSONSealedInAScript() throws {
        let output = Self.output()
        let file = Array(#"transcriptsIndex("t/0",[["alice",1,"A"]]);"#.utf8) + [10]
        let stored = try output.stored(file, madeAt: "search/t/0.js")
        let text = String(decoding: stored, as: UTF8.self)
        #expect(text.hasPrefix(#"transcriptsSealed("search/t/0.js",""#) && text.hasSuffix("\");\n"))
        #expect(!text.contains("alice"))
        let base64 = text.dropFirst(#"transcriptsSealed("search/t/0.js",""#.count).dropLast(4)
        #expect(FileSealerTests.sealer.open(Data(base64Encoded: String(base64))!) == Array(#"[["alice",1,"A"]]"#.utf8))
        #expect(output.made(fromStored: stored, at: "search/t/0.js") == file)
    }

    @Test func aMediaFileIsSealedInAScriptOfItsOwn() throws {
        let output = Self.output()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let stored = try output.stored(png, madeAt: "media/ab-7.png")
        #expect(String(decoding: stored, as: UTF8.self).hasPrefix(#"transcriptsSealed("media/ab-7.png",""#))
        #expect(output.made(fromStored: stored, at: "media/ab-7.png") == png)
        #expect(try Self.output(media: false).stored(png, madeAt: "media/ab-7.png") == png)
    }
}
