import Testing
import TranscriptTestSupport

@testable import TranscriptRender

@Suite struct MessagePageFilesTests {
    /// Pages of random sizes, each with its own file, and the table of each message's page they replace.
    static func randomPages(using generator: inout SeededGenerator) -> (pages: [(file: String, range: Range<Int>)], table: [Int]) {
        var pages: [(file: String, range: Range<Int>)] = []
        var table: [Int] = []
        var start = 0
        for number in 0..<Int.random(in: 1...40, using: &generator) {
            let count = Int.random(in: 1...(Bool.random(using: &generator) ? 3 : 1_000), using: &generator)
            pages.append(("page-\(number).html", start..<(start + count)))
            table += Array(repeating: number, count: count)
            start += count
        }
        return (pages, table)
    }

    @Test func aMessagesPageIsTheOneTheTableSaid() {
        var generator = SeededGenerator(seed: 52)
        for _ in 0..<200 {
            let (pages, table) = Self.randomPages(using: &generator)
            let files = MessagePageFiles(pages)
            #expect(files.messageCount == table.count && files.files == pages.map(\.file))
            for (index, page) in table.enumerated() {
                #expect(files.page(of: index) == page)
                #expect(files[index] == pages[page].file)
            }
        }
    }

    @Test func noPagesAndOnePage() {
        #expect(MessagePageFiles.none.files.isEmpty && MessagePageFiles.none.messageCount == 0)
        #expect(MessagePageFiles([]).files.isEmpty)
        let one = MessagePageFiles([("2024-05.html", 0..<3)])
        #expect(!one.files.isEmpty && (0..<3).map { one[$0] } == ["2024-05.html", "2024-05.html", "2024-05.html"])
    }
}
