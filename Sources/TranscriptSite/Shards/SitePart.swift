import Foundation
import TranscriptSupport

/// What a shard's build (`--shard K/N`) tells `assemble` besides its files, kept in the part's folder
/// `transcripts-part/` (its `part.json` and a record per conversation, `records/NAME.record` with its share of
/// the search index in `NAME.search`, as the build cache stores them): every conversation of the site in the
/// order the build handed them on, with the folder it was given and the shard that made it, so that the
/// assembled site numbers and orders them as a one-machine build does.
struct SitePart: Codable, Equatable {
    /// Changes when what a part holds, or how, changes.
    static let currentVersion = 1
    /// The folder of a part that holds this file and the records.
    static let folderName = "transcripts-part"
    static let fileName = "part.json"

    var version = Self.currentVersion
    /// What every page depends on (`BuildKey.part`): parts made with other settings, templates or another
    /// version of transcripts are not assembled together.
    var key: String
    var shard: ShardSelection
    var conversations: [Conversation]
    /// The config's entries that matched something in the conversations, which every shard sees whole
    /// (`scope:`, `privacy.exclude`, the people's ids): their warnings are said once the site is assembled.
    var scopeMatched: [String]
    var exclusionsMatched: [String]
    var personKeysMatched: [String]

    struct Conversation: Codable, Equatable {
        var id: String
        /// The folder its pages are in (`c/FOLDER/`).
        var slug: String
        /// The shard that made it (from 1).
        var shard: Int
        /// The export (or exports) it was read from, as the build names them.
        var file: String
        /// Its record's name in the part that made it; nil in the others.
        var record: String?
    }

    /// The part's file in the part folder `part`.
    static func file(in part: URL) -> URL {
        part.appendingPathComponent(folderName).appendingPathComponent(fileName)
    }

    /// The record `name`'s file (`suffix` `.record` or `.search`) in the part folder `part`.
    static func recordFile(_ name: String, suffix: String, in part: URL) -> URL {
        part.appendingPathComponent(folderName).appendingPathComponent("records").appendingPathComponent(name + suffix)
    }

    /// The part folder `part`'s description; an error naming the file when there is none or it cannot be read.
    static func read(from part: URL) throws -> SitePart {
        let file = Self.file(in: part)
        guard let data = try? Data(contentsOf: file) else {
            throw TranscriptsError(
                file: file.relativePathForDisplay,
                message: "this is not a part of a site: build one with transcripts build SITE --shard K/N --output PART")
        }
        let decoded: SitePart
        do {
            decoded = try JSONDecoder().decode(SitePart.self, from: data)
        } catch {
            throw TranscriptsError(file: file.relativePathForDisplay, message: "this part's description cannot be read (\(TranscriptsError.sentence(for: error)))")
        }
        guard decoded.version == currentVersion else {
            throw TranscriptsError(
                file: file.relativePathForDisplay,
                message: "this part was made by another version of transcripts (part format \(decoded.version), this one reads \(currentVersion)): build it again")
        }
        return decoded
    }

    /// The JSON written: keys sorted, so that the same part is the same bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
