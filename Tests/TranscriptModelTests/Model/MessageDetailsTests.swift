import Testing
import TranscriptTestSupport

@testable import TranscriptModel

@Suite struct MessageDetailsTests {
    @Test(arguments: [
        ("photos/photo_1@01-03-2016.jpg", "photo_1@01-03-2016.jpg"), ("a\\b\\c.txt", "c.txt"), ("dir/", "dir"),
        ("//x//", "x"), ("name", "name"), ("", ""), ("///", "///"), ("a/b/\u{301}c", "b/\u{301}c"), ("é/ü.png", "ü.png"),
        ("a/\u{301}", "a/\u{301}"),
    ])
    func aFileNameIsThePathsLastPart(path: String, name: String) {
        #expect(MessageDetails.fileName(of: path) == name)
    }

    /// Read by bytes, the name is what splitting the path into characters gives.
    @Test func fileNamesAgreeWithSplittingByCharacters() {
        let pieces = ["/", "\\", "a", "b.c", "é", "\u{301}", " ", "photo_1.jpg"]
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<10_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
            #expect(MessageDetails.fileName(of: path) == expected, "\(path.debugDescription)")
        }
    }

    /// Without backslashes, the last part is what splitting at slashes alone gives, and nil when it has none.
    @Test func theLastPartBetweenSlashesAgreesWithSplittingByCharacters() {
        #expect(MessageDetails.lastPart(of: "files/a\\b.txt", backslashes: false) == "a\\b.txt")
        #expect(MessageDetails.lastPart(of: "files/a\\b.txt", backslashes: true) == "b.txt")
        #expect(MessageDetails.lastPart(of: "//", backslashes: false) == nil)
        let pieces = ["/", "\\", "a", "b.c", "é", "\u{301}", " ", "photo_1.jpg"]
        var generator = SeededGenerator(seed: 4)
        for _ in 0..<10_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = path.split(separator: "/").last.map(String.init)
            #expect(MessageDetails.lastPart(of: path, backslashes: false) == expected, "\(path.debugDescription)")
        }
    }
}
