import Crypto
import Foundation
import TranscriptModel
import TranscriptSearch
import TranscriptSupport

/// Writes the search index (`search/`) from the conversations' parts: taken over from the previous output
/// when the same parts made it, updated in place when only edited messages changed, else built.
public struct IndexStage: BuildStage {
    public let name = "index"

    public init() {}

    public func run(in context: BuildContext) throws {
        // A shard's build leaves the index to `assemble`, which has every conversation's share.
        guard context.configuration.search.enabled, context.shardPlan == nil else { return }
        context.progress("writing the search index")
        let statistics = try context.writeSearchIndex()
        context.summary.searchDocuments = statistics.documents
        context.summary.searchTerms = statistics.terms
        context.summary.searchBytes = statistics.bytes
        context.count("documents", statistics.documents)
        context.count("files", statistics.files)
    }
}

extension BuildContext {
    /// Writes `search/`: taken over from the previous output when the same conversations, unchanged and in the
    /// same order, made it (the index depends on nothing else that the build key does not cover), else built.
    fileprivate func writeSearchIndex() throws -> SearchIndexBuilder.Statistics {
        let keys = rendered.searchSources.map(\.key)
        var key: String?
        if cache != nil, !keys.contains(nil) {
            var hash = SHA256()
            hash.update("search index \(SearchIndexBuilder.formatVersion)")
            for conversation in keys { hash.update(conversation!) }
            key = hash.hexDigest
        }
        // The same conversations, and every file of the previous index still as that build wrote it (checked
        // before any is taken, so that a failed check leaves nothing half taken over).
        if let cache, let key, let previous = cache.previousSearch?.search, previous.key == key,
           let files = cache.previousSearchState()?.files(parts: previous.partKeys.count), files.count == previous.files,
           files.allSatisfy({ output.previousIsUnchanged("search/" + $0) })
        {
            for file in files {
                guard try output.link("search/" + file) else { throw vanished("search/" + file) }
            }
            cache.noteSearch(previous)
            summary.searchIndexWork = .takenOver
            return SearchIndexBuilder.Statistics(
                documents: previous.documents, terms: previous.terms, files: previous.files, bytes: previous.bytes)
        }
        if let key, let statistics = try updateSearchIndex(key: key) {
            summary.searchIndexWork = .updated
            return statistics
        }
        summary.searchIndexWork = .built
        var index = SearchIndexBuilder()
        for source in rendered.searchSources {
            switch source {
            case .part(let part, _, _):
                index.add(part)
            case .cached(let name, _):
                guard let part = cache?.searchPart(named: name) else {
                    throw TranscriptsError(
                        file: cache?.folder.path ?? "", message: "a stored part of the search index cannot be read; build again with --clean")
                }
                index.add(try waitingForTheIndex(part))
            case .stored(let file):
                let part: SearchConversationPart
                do {
                    part = try SearchPartArchive.decode([UInt8](try Data(contentsOf: file)))
                } catch {
                    throw TranscriptsError(
                        file: file.relativePathForDisplay,
                        message: "this part of the search index cannot be read (\(TranscriptsError.sentence(for: error))); build the part again")
                }
                index.add(try waitingForTheIndex(part))
            case .elsewhere:
                throw TranscriptsError(message: "a shard's build writes no search index; transcripts assemble does")
            }
        }
        // The builder holds the parts now; letting go of them here lets writing free each part's postings.
        rendered.searchSources = []
        // Document files made of the same documents as before are taken over without being made again.
        var reuse: SearchIndexBuilder.Reuse?
        if let cache, key != nil {
            reuse = SearchIndexBuilder.Reuse(
                partKeys: keys.compactMap { $0 }, previous: cache.previousSearchState()?.documentFiles ?? [],
                takeOver: takeOverPrevious)
        }
        let (statistics, state) = try index.write(
            timeZone: configuration.timeZone.identifier,
            locale: configuration.locale.identifier.replacingOccurrences(of: "_", with: "-"), reuse: reuse
        ) { files in
            try output.write(all: files)
        }
        if let cache, let key {
            cache.noteSearch(BuildManifest.Search(
                key: key, documents: statistics.documents, terms: statistics.terms, files: statistics.files, bytes: statistics.bytes,
                partKeys: keys.compactMap { $0 }, state: cache.storeSearchState(state)))
        }
        return statistics
    }

    /// Updates the previous build's search index in place when only conversations rendered now changed, and
    /// they kept their messages' number and times (see `SearchIndexUpdate`): its statistics, or nil when the
    /// index has to be built whole.
    private func updateSearchIndex(key: String) throws -> SearchIndexBuilder.Statistics? {
        guard let cache, let previous = cache.previousSearch?.search, previous.partKeys.count == rendered.searchSources.count,
              let state = cache.previousSearchState()
        else { return nil }
        var changes: [SearchIndexUpdate.Change] = []
        for (number, source) in rendered.searchSources.enumerated() where source.key != previous.partKeys[number] {
            guard case .part(let part, _, let old?) = source else { return nil }
            changes.append(.init(number: number, old: old, new: part))
        }
        let output = self.output
        let update = SearchIndexUpdate(
            previous: state,
            previousStatistics: .init(documents: previous.documents, terms: previous.terms, files: previous.files, bytes: previous.bytes),
            partKeys: rendered.searchSources.map { $0.key ?? "" }, changes: changes, timeZone: configuration.timeZone.identifier,
            locale: configuration.locale.identifier.replacingOccurrences(of: "_", with: "-"),
            read: { output.previousBytesIfUnchanged("search/" + $0) })
        guard let result = try update.run(), result.kept.allSatisfy({ output.previousIsUnchanged("search/" + $0) }) else { return nil }
        for path in result.kept {
            guard try output.link("search/" + path) else { throw vanished("search/" + path) }
        }
        try output.write(all: result.files.map { ($0.path, [$0.contents]) })
        let statistics = result.statistics
        cache.noteSearch(BuildManifest.Search(
            key: key, documents: statistics.documents, terms: statistics.terms, files: statistics.files, bytes: statistics.bytes,
            partKeys: update.partKeys, state: cache.storeSearchState(result.state)))
        return statistics
    }

    /// Links the previous output's file at `path` when it still has `size` bytes (as made).
    private func takeOverPrevious(_ path: String, size: Int) throws -> Bool {
        output.previousHasSize(path, size: size) ? try output.link(path) : false
    }
}
