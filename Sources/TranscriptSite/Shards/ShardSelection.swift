import TranscriptSupport

/// Which part of a site a build makes (`--shard K/N`): the conversations of shard `number` of `count`, with
/// their pages, media, books and shares of the search index. `transcripts assemble` joins the parts of all
/// `count` shards into the site (`SiteBuilder.assemble(parts:)`).
public struct ShardSelection: Sendable, Equatable, Codable {
    /// The shard, from 1 to `count`.
    public var number: Int
    /// How many shards the site is built in.
    public var count: Int

    public init(number: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(number) else {
            throw TranscriptsError(message: "--shard \(number)/\(count): the shard's number must be from 1 to the number of shards")
        }
        guard count <= Self.mostShards else {
            throw TranscriptsError(message: "--shard \(number)/\(count): a site is built in at most \(Self.mostShards) shards")
        }
        self.number = number
        self.count = count
    }

    /// `K/N` as given to `--shard`; an error that says what is expected.
    public init(parsing text: String) throws {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let number = Int(halves[0]), let count = Int(halves[1]) else {
            throw TranscriptsError(message: "--shard \(text): give the shard as K/N, such as 2/4 (the second of four)")
        }
        try self.init(number: number, count: count)
    }

    /// `2/4`
    public var description: String { "\(number)/\(count)" }

    /// More shards than conversations leave shards empty; more than this is surely a mistake.
    static let mostShards = 1024
}
