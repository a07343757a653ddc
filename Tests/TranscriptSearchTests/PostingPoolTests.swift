import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct PostingPoolTests {
    /// Lists that grow in turns, by runs of every length, over more than one page (of 256 KiB): each gives back its
    /// postings in order.
    @Test func everyListGivesBackWhatWasAppended() {
        var generator = SeededGenerator(seed: 7)
        var pool = PostingPool()
        var lists = (0..<50).map { _ in pool.newList() }
        var expected = [[UInt32]](repeating: [], count: 50)
        var value: UInt32 = 0
        for turn in 0..<2_000 {
            // List 0 gets postings far apart at the end, list 1 one posting, list 2 a long run every hundredth turn.
            let number = turn == 0 ? 1 : turn % 100 == 0 ? 2 : Int.random(in: 3..<50, using: &generator)
            let count = number == 1 ? 1 : number == 2 ? 20_000 : Int.random(in: 1...40, using: &generator)
            let run = (0..<count).map { _ -> UInt32 in
                value &+= 1
                return value
            }
            pool.append(run[...], to: &lists[number])
            expected[number] += run
        }
        #expect(expected.reduce(0) { $0 + $1.count } > 400_000)
        // Postings far apart (three to five bytes each) as well as neighbours.
        let far: [UInt32] = [0, 1 << 7, 1 << 14, 1 << 21, 1 << 28, UInt32.max - 1, UInt32.max]
        pool.append(far[...], to: &lists[0])
        expected[0] = far
        for number in lists.indices {
            var bytes: [UInt8] = [0xFF]
            pool.copyBytes(lists[number], to: &bytes)
            let list = PostingList(bytes: bytes[1...])
            #expect(Array(list) == expected[number], "list \(number)")
            #expect(list.count == expected[number].count)
            #expect(lists[number].count == expected[number].count)
            var encoded: [UInt8] = [0xFF]
            PostingList.append(expected[number], to: &encoded)
            #expect(encoded == bytes, "list \(number)")
        }
    }
}
