import Foundation
import TranscriptSupport

/// The first stage of `transcripts assemble`: checks that the parts are the shards of one site, made with this
/// build's settings, templates and binary (`SitePart`), takes their files into the site and counts every
/// conversation in the order a one-machine build had them, so that the stages after it (people, index,
/// write, commit) write what a one-machine build writes. No export is read.
struct AssembleStage: BuildStage {
    let name = "assemble"
    /// The parts' folders, in any order.
    let parts: [URL]

    func run(in context: BuildContext) throws {
        let described = try parts.map { (folder: $0, part: try SitePart.read(from: $0)) }
        let byShard = try Self.check(described, key: context.partKey)
        context.progress("taking the parts' files")
        var taken: [String: String] = [:]
        for (folder, _) in byShard { try take(filesOf: folder, into: context, taken: &taken) }
        context.progress("counting the conversations")
        let conversations = byShard[0].part.conversations
        for (position, conversation) in conversations.enumerated() {
            let folder = byShard[conversation.shard - 1].folder
            guard let name = byShard[conversation.shard - 1].part.conversations[position].record else {
                throw TranscriptsError(
                    file: SitePart.file(in: folder).relativePathForDisplay,
                    message: "the part holds no record of its conversation \"\(conversation.id)\"; build the part again")
            }
            let recordFile = SitePart.recordFile(name, suffix: BuildCache.recordSuffix, in: folder)
            let record: ConversationRecord
            do {
                record = try ConversationRecordArchive.decode([UInt8](try Data(contentsOf: recordFile)))
            } catch {
                throw TranscriptsError(
                    file: recordFile.relativePathForDisplay, message: "this record of the part cannot be read (\(TranscriptsError.sentence(for: error))); build the part again")
            }
            let searchPart: SearchSource? = record.searchNumber == nil || !record.hasSearchPart
                ? nil : .stored(SitePart.recordFile(name, suffix: BuildCache.searchSuffix, in: folder))
            context.account(record, searchPart: searchPart, displayPath: conversation.file)
            context.count("conversations")
        }
        for (_, part) in byShard {
            context.matched.scope.formUnion(part.scopeMatched)
            context.matched.exclusions.formUnion(part.exclusionsMatched)
            context.matched.personKeys.formUnion(part.personKeysMatched)
        }
        context.count("parts", byShard.count)
    }

    /// The parts in the order of their shards; an error naming the part when they are not the shards of one site
    /// made with `key`.
    static func check(_ described: [(folder: URL, part: SitePart)], key: String) throws -> [(folder: URL, part: SitePart)] {
        guard let first = described.first else {
            throw TranscriptsError(message: "assemble needs the parts to join: give each part's folder with --parts")
        }
        var byShard: [Int: (folder: URL, part: SitePart)] = [:]
        for (folder, part) in described {
            let file = SitePart.file(in: folder).relativePathForDisplay
            guard part.key == key else {
                throw TranscriptsError(
                    file: file,
                    message: "this part was built with another config, other templates or another transcripts binary than this assemble: "
                        + "build every part and assemble with the same binary, config and templates")
            }
            guard part.shard.count == first.part.shard.count else {
                throw TranscriptsError(
                    file: file,
                    message: "this part is shard \(part.shard.description), another is \(first.part.shard.description): "
                        + "the parts of a site are built with the same number of shards")
            }
            if let other = byShard[part.shard.number] {
                throw TranscriptsError(
                    file: file, message: "this part is shard \(part.shard.description), as \(SitePart.file(in: other.folder).relativePathForDisplay) is")
            }
            guard Self.sameSite(part.conversations, first.part.conversations) else {
                throw TranscriptsError(
                    file: file,
                    message: "this part was built from other exports than \(SitePart.file(in: first.folder).relativePathForDisplay) "
                        + "(its conversations differ): build every part from the same exports")
            }
            byShard[part.shard.number] = (folder, part)
        }
        let missing = (1...first.part.shard.count).filter { byShard[$0] == nil }
        guard missing.isEmpty else {
            throw TranscriptsError(
                message: "the parts given are \(byShard.count) of \(first.part.shard.count) shards: shard "
                    + missing.map { "\($0)/\(first.part.shard.count)" }.joined(separator: ", ") + " missing")
        }
        return (1...first.part.shard.count).map { byShard[$0]! }
    }

    /// Whether two parts list the same conversations in the same places (each names only its own records).
    private static func sameSite(_ one: [SitePart.Conversation], _ other: [SitePart.Conversation]) -> Bool {
        one.count == other.count && zip(one, other).allSatisfy { a, b in
            a.id == b.id && a.slug == b.slug && a.shard == b.shard && a.file == b.file
        }
    }

    /// Takes every file of a part but its description into the site; a file two parts hold is taken once when it
    /// is a media file (named by its content), and an error otherwise.
    private func take(filesOf folder: URL, into context: BuildContext, taken: inout [String: String]) throws {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
            throw TranscriptsError(file: folder.relativePathForDisplay, message: "cannot read the part's folder")
        }
        var paths: [String] = []
        while let path = walker.nextObject() as? String {
            if path == SitePart.folderName {
                walker.skipDescendants()
                continue
            }
            let attributes = walker.fileAttributes
            let type = attributes?[.type] as? FileAttributeType
            if type == .typeDirectory { continue }
            guard type == .typeRegular else {
                throw TranscriptsError(
                    file: folder.appendingPathComponent(path).relativePathForDisplay,
                    message: "a part holds files and folders only; this is neither (a link?)")
            }
            paths.append(path)
        }
        for path in paths.sorted() {
            if let other = taken[path] {
                guard path.hasPrefix("media/") else {
                    throw TranscriptsError(
                        file: folder.appendingPathComponent(path).relativePathForDisplay,
                        message: "the part \(other) holds this file too: parts of one site hold the pages of different conversations")
                }
                continue
            }
            try context.output.adopt(folder.appendingPathComponent(path).path, at: path)
            taken[path] = folder.relativePathForDisplay
        }
    }
}
