import Testing

@testable import TranscriptSite
@testable import TranscriptSupport

/// Which shard each conversation goes to, and how `--shard K/N` is read.
@Suite struct ShardAssignmentTests {
    @Test func eachConversationGoesToTheShardWithTheLeastWeightSoFar() {
        var assignment = ShardAssignment(count: 2)
        let shards = [100, 10, 10, 50, 5, 200, 0].map { assignment.assign(weight: $0) }
        #expect(shards == [1, 2, 2, 2, 2, 2, 1])
        #expect(assignment.weights == [101, 275])
    }

    @Test func emptyConversationsAreSpreadToo() {
        var assignment = ShardAssignment(count: 3)
        #expect((0..<6).map { _ in assignment.assign(weight: 0) } == [1, 2, 3, 1, 2, 3])
    }

    @Test func theShardIsGivenAsKOfN() throws {
        let selection = try ShardSelection(parsing: "2/4")
        #expect(selection.number == 2 && selection.count == 4 && selection.description == "2/4")
        #expect(try ShardSelection(parsing: "1/1").count == 1)
    }

    @Test(arguments: [
        ("0/3", "--shard 0/3: the shard's number must be from 1 to the number of shards"),
        ("4/3", "--shard 4/3: the shard's number must be from 1 to the number of shards"),
        ("3", "--shard 3: give the shard as K/N, such as 2/4 (the second of four)"),
        ("a/b", "--shard a/b: give the shard as K/N, such as 2/4 (the second of four)"),
        ("1/2/3", "--shard 1/2/3: give the shard as K/N, such as 2/4 (the second of four)"),
        ("1/5000", "--shard 1/5000: a site is built in at most 1024 shards"),
    ])
    func aShardThatIsNotKOfNIsAnError(text: String, message: String) {
        #expect(throws: TranscriptsError(message: message)) { try ShardSelection(parsing: text) }
    }
}
