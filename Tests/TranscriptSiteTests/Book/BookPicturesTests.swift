import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

@Suite struct BookPicturesTests {
    static let pictures = TestSupport.fixtures.appendingPathComponent("book-pictures")

    /// A site whose conversation shows `photos` (file names under `media/`, each a photo message; a name starting
    /// with `sticker` a sticker), with Ann's avatar `media/ann.png` when `avatar` is given.
    static func site(
        files: [String: Data], photos: [String], avatar: Data? = nil, name: String = #function
    ) throws -> URL {
        let messages = photos.enumerated().map { number, file in
            let kind = file.hasPrefix("sticker") ? "sticker" : "photo"
            let sender = number % 3 == 2 ? "me" : "ann"
            return #"{"id":"p\#(number)","sender":"\#(sender)","date":"2024-05-01T10:0\#(number):00Z","type":"\#(kind)","\#(kind)":{"file":"media/\#(file)"}}"#
        }
        let participants = avatar == nil
            ? #"[{"id":"me","name":"Me"},{"id":"ann","name":"Ann"}]"#
            : #"[{"id":"me","name":"Me"},{"id":"ann","name":"Ann","avatar":"media/ann.png"}]"#
        let site = try TestSupport.makeSite(
            conversations: ["chat.json": TestSupport.conversation(messages: messages, participants: participants)], name: name)
        let media = site.appendingPathComponent("conversations/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        var files = files
        if let avatar { files["ann.png"] = avatar }
        for (file, data) in files { try data.write(to: media.appendingPathComponent(file)) }
        return site
    }

    /// The book's pictures (path in the container → bytes), its documents' text and the make's warnings.
    static func book(_ site: URL, file: String = "book.epub") throws -> (pictures: [String: Data], text: String, warnings: [String]) {
        let (url, summary) = try BookMakerTests.make(site, file: file)
        let archive = try Archive(url: url, accessMode: .read)
        var pictures: [String: Data] = [:]
        var text = ""
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            if entry.path.hasPrefix("EPUB/media/") { pictures[entry.path] = data }
            if entry.path.hasSuffix(".xhtml") || entry.path.hasSuffix(".opf") { text += String(decoding: data, as: UTF8.self) }
        }
        return (pictures, text, summary.warnings)
    }

    @Test func largePhotoIsShrunkToTheBoundAndTurnedAsItsOrientationSays() throws {
        let site = try Self.site(files: ["big.jpg": FlatJPEG.make(width: 4000, height: 3000, orientation: 6)], photos: ["big.jpg"])
        let book = try Self.book(site)
        #expect(book.pictures.count == 1)
        let (path, data) = try #require(book.pictures.first)
        #expect(path.hasSuffix(".jpg"))
        // Portrait: turned a quarter, its longest side at the bound.
        let size = try #require(ImageSize.read(data))
        #expect(size.width == 1200 && size.height == BookPictures.longestSide)
        #expect(book.text.contains(#"width="1200" height="1600""#))
        // No metadata: no EXIF (so no orientation left to turn it again).
        #expect(data.range(of: Data("Exif".utf8)) == nil)
        #expect(book.warnings.isEmpty)
    }

    @Test func smallPictureKeepsItsBytes() throws {
        let small = FlatJPEG.make(width: 400, height: 300)
        let book = try Self.book(try Self.site(files: ["small.jpg": small], photos: ["small.jpg"]))
        #expect(Array(book.pictures.values) == [small])
    }

    @Test func webPAndHEICBecomeJPEGAndATransparentStickerPNG() throws {
        var files: [String: Data] = [:]
        for name in ["photo.webp", "photo.heic", "sticker.webp"] {
            files[name] = try Data(contentsOf: Self.pictures.appendingPathComponent(name))
        }
        let book = try Self.book(try Self.site(files: files, photos: ["photo.webp", "photo.heic", "sticker.webp"]))
        let paths = book.pictures.keys.sorted()
        #expect(paths.filter { $0.hasSuffix(".jpg") }.count == 2)
        #expect(paths.filter { $0.hasSuffix(".png") }.count == 1)
        for path in paths {
            let href = String(path.dropFirst("EPUB/".count))
            let type = path.hasSuffix(".png") ? "image/png" : "image/jpeg"
            #expect(book.text.contains(#"href="\#(href)" media-type="\#(type)""#))
            #expect(book.text.contains(#"<img src="\#(href)" width="#))
        }
        #expect(!book.text.contains(".webp") && !book.text.contains(".heic"))
        // The PNG keeps the sticker's transparency (colour type 6: RGB and alpha).
        let png = try #require(book.pictures.first { $0.key.hasSuffix(".png") }?.value)
        #expect(png[25] == 6)
        #expect(book.warnings.isEmpty)
    }

    @Test func pictureTheLibraryCannotReadIsNamedWithAWarning() throws {
        let book = try Self.book(try Self.site(files: ["broken.webp": Data("not a picture".utf8)], photos: ["broken.webp"]))
        #expect(book.pictures.isEmpty)
        #expect(book.text.contains(#"<p class="media-placeholder">Photo: <span dir="auto">broken.webp</span></p>"#))
        #expect(book.warnings.count == 1)
        #expect(book.warnings.first?.hasSuffix(
            "conversations/chat.json: media/broken.webp cannot be shown in the book (it is not a picture); the book names it") == true)
    }

    @Test func avatarsAreShrunkAndShownBesideNamesAndInThePersonIndex() throws {
        let avatar = FlatJPEG.make(width: 300, height: 200)
        let site = try Self.site(files: [:], photos: [], avatar: avatar)
        // A text message of Ann's (avatars are shown with the messages of those who wrote).
        let conversation = site.appendingPathComponent("conversations/chat.json")
        let json = try TestSupport.read(conversation).replacingOccurrences(
            of: #""messages":[]"#,
            with: #""messages":[{"id":"a1","sender":"ann","date":"2024-05-01T10:00:00Z","text":"Hello"},{"id":"a2","sender":"ann","date":"2024-05-01T10:01:00Z","text":"Again"}]"#)
        try json.write(to: conversation, atomically: true, encoding: .utf8)
        let book = try Self.book(site)
        #expect(book.pictures.count == 1)
        let (path, data) = try #require(book.pictures.first)
        #expect(path.hasSuffix("-avatar.jpg"))
        let size = try #require(ImageSize.read(data))
        #expect(size.width == BookPictures.avatarSide && size.height == BookPictures.avatarSide)
        let href = String(path.dropFirst("EPUB/".count))
        // Beside Ann's name once (her two messages are one group), and in the person index.
        #expect(book.text.components(separatedBy: #"<img class="avatar" src="\#(href)" alt="" /> Ann"#).count == 3)
        #expect(book.text.components(separatedBy: #"href="\#(href)""#).count == 2)
    }

    @Test func sameInputSameBytes() throws {
        var files = ["big.jpg": FlatJPEG.make(width: 3000, height: 2000, orientation: 6)]
        files["photo.heic"] = try Data(contentsOf: Self.pictures.appendingPathComponent("photo.heic"))
        let site = try Self.site(files: files, photos: ["big.jpg", "photo.heic"])
        let first = try Data(contentsOf: BookMakerTests.make(site, file: "one.epub").url)
        let second = try Data(contentsOf: BookMakerTests.make(site, file: "two.epub").url)
        #expect(first == second)
    }
}
