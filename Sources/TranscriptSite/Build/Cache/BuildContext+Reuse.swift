import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// What the stages ask the build cache: whether what the previous build made from an input is still valid,
/// and taking it over when it is. Both ways leave the same state behind (the same folders, search numbers,
/// cards, counts and warnings, in the same order), so an incremental build writes a clean build's bytes.
extension BuildContext {
    /// The path the build cache knows an export by: absolute, so that the cache does not depend on the folder
    /// the build runs in (the summary shows paths relative to it).
    static func cachePath(of export: ExportFinder.Found) -> String {
        export.origin.standardizedFileURL.path
    }

    /// The path the build cache knows a merged conversation by (see `ReadConversation.mergedAs`): its id, so
    /// that adding an export to those it is merged from finds its previous pages.
    static func cachePath(ofMerged id: String) -> String {
        "merged:" + id
    }

    /// Notes in the cache the record of a merged conversation, found again by its id next time.
    func noteMerged(at cachePath: String, format: String, record: (name: String?, key: String?)) {
        guard let cache, let name = record.name else { return }
        cache.note(
            export: cachePath, BuildManifest.Export(format: format, fingerprint: nil, records: [name], sources: [nil]),
            keys: [record.key ?? ""])
    }

    // MARK: - Exports (asked by `read`)

    /// The export's fingerprint (sizes, times and inodes of its files) before it is read, for the cache;
    /// nil without a cache.
    func fingerprintBeforeReading(_ export: ExportFinder.Found) -> String? {
        cache == nil ? nil : ExportFingerprint.of(export.origin)
    }

    /// Takes over every conversation of an export whose files did not change since the previous build,
    /// without reading it, when all of them can be: whether it did (else nothing was done).
    func takeOverUnread(_ export: ExportFinder.Found, fingerprint: String?) throws -> Bool {
        guard let cache else { return false }
        let exportPath = Self.cachePath(of: export)
        guard let fingerprint, let previous = cache.previous?.exports[exportPath],
              previous.fingerprint == fingerprint, previous.format == export.importer.format
        else { return false }
        var slugs = self.rendered.slugs
        var seenIDs = self.rendered.seenIDs
        var searchNumber = rendered.searchSources.count
        var reusable: [(record: ConversationRecord, part: SearchSource?)] = []
        for name in previous.records {
            guard let record = cache.record(named: name), seenIDs[record.id] == nil, record.file == exportPath
            else { return false }
            seenIDs[record.id] = export.source.displayPath
            let indexed = configuration.search.indexes(conversation: record.id)
            guard slugs.slug(for: record.id) == record.slug, record.searchNumber == (indexed ? searchNumber : nil),
                  record.peopleFingerprint == peopleFingerprint, isReusable(record)
            else { return false }
            var part: SearchSource?
            if indexed {
                guard cache.hasSearchPart(named: name, of: record) else { return false }
                part = .cached(name: name, key: record.key)
                searchNumber += 1
            }
            reusable.append((record, part))
        }
        self.rendered.slugs = slugs
        self.rendered.seenIDs = seenIDs
        for (record, part) in reusable { try takeOver(record, searchPart: part, displayPath: export.source.displayPath) }
        cache.note(export: exportPath, previous, keys: reusable.map(\.record.key))
        return true
    }

    /// Notes in the cache what an export that was read gave: its conversations' records (when every one
    /// could be stored), found again by the export's fingerprint next time.
    func noteRead(_ export: ExportFinder.Found, fingerprint: String?) {
        guard let cache, !read.exportRecords.contains(where: { $0.name == nil }) else { return }
        cache.note(
            export: Self.cachePath(of: export),
            BuildManifest.Export(
                format: export.importer.format, fingerprint: fingerprint,
                records: read.exportRecords.map { $0.name! }, sources: read.exportRecords.map(\.source)),
            keys: read.exportRecords.map { $0.key ?? "" })
    }

    /// Takes over, unread, the conversation of a changed export whose source (see
    /// `ImportedConversation.sourceKey`) is one the previous build read from the same export, when its pages
    /// can be taken over as they are: whether it did (else nothing was done, and the importer reads it).
    /// The source keys of `export` that `takeOverSource` may take: those the previous build read from it. An
    /// importer may read a conversation with any other key ahead (`ImportContext.sourceKeysThatMayBeReused`).
    func sourceKeysThatMayBeReused(of export: ExportFinder.Found) -> Set<String> {
        guard let cache, let previous = cache.previous?.exports[Self.cachePath(of: export)],
              previous.format == export.importer.format
        else { return [] }
        return Set(previous.sources.compactMap { $0 })
    }

    func takeOverSource(_ sourceKey: String, of export: ExportFinder.Found) throws -> Bool {
        guard let cache else { return false }
        let exportPath = Self.cachePath(of: export)
        guard let previous = cache.previous?.exports[exportPath], previous.format == export.importer.format,
              let position = previous.sources.firstIndex(of: sourceKey), previous.records.indices.contains(position)
        else { return false }
        let name = previous.records[position]
        guard let prepared = preparedRecord(at: position, of: exportPath, previous: previous, cache: cache) else { return false }
        let record = prepared.record
        guard record.file == exportPath, rendered.seenIDs[record.id] == nil, record.peopleFingerprint == peopleFingerprint else { return false }
        let indexed = configuration.search.indexes(conversation: record.id)
        var slugs = self.rendered.slugs
        guard slugs.slug(for: record.id) == record.slug, record.searchNumber == (indexed ? rendered.searchSources.count : nil),
              prepared.isReusable, !indexed || cache.hasSearchPart(named: name, of: record)
        else { return false }
        self.rendered.slugs = slugs
        rendered.seenIDs[record.id] = export.source.displayPath
        try takeOver(record, searchPart: indexed ? .cached(name: name, key: record.key) : nil, displayPath: export.source.displayPath)
        read.exportRecords.append((name, record.key, sourceKey))
        count("conversations taken over unread")
        return true
    }

    /// The previous build's record at `position` of the export at `exportPath`, and whether it `isReusable`.
    ///
    /// Taking a conversation over is mostly reading its record and looking up the files its export names,
    /// and the importer asks for one chat after another. So when a record is asked for that was not read ahead,
    /// it is read and checked with those that follow it, on all cores: up to `recordsReadAhead` records or
    /// `recordBytesReadAhead` bytes of records (at least the one asked for), so that the records of an account's
    /// biggest chats are not all in memory at once. Nothing they look at changes while the export is read.
    private func preparedRecord(
        at position: Int, of exportPath: String, previous: BuildManifest.Export, cache: BuildCache
    ) -> PreparedRecord? {
        let name = previous.records[position]
        if read.preparedRecords?.export == exportPath, let prepared = read.preparedRecords?.records.removeValue(forKey: name) {
            return prepared
        }
        var names: [String] = []
        var bytes = 0
        for next in previous.records[position...] {
            bytes += cache.recordBytes(named: next) ?? 0
            guard names.isEmpty || (names.count < Self.recordsReadAhead && bytes <= Self.recordBytesReadAhead) else { break }
            names.append(next)
        }
        let records = cache.records(named: names)
        for folder in Set(records.flatMap { $0?.dependencies.map(\.folder) ?? [] }) where read.realFolders[folder] == nil {
            read.realFolders[folder] = MediaDependency.realPath(of: folder)
        }
        let roots = read.realFolders
        let mediaUnchanged = (try? records.concurrentMap { record in
            var roots = roots
            return record.map { MediaDependency.allUnchanged($0.dependencies, realFolders: &roots) } ?? false
        }) ?? Array(repeating: false, count: records.count)
        // The records read before are let go: the importer has gone past them.
        var prepared: [String: PreparedRecord] = [:]
        for (index, record) in records.enumerated() {
            guard let record else { continue }
            prepared[names[index]] = PreparedRecord(record: record, isReusable: mediaUnchanged[index] && outputIsUnchanged(record))
        }
        let asked = prepared.removeValue(forKey: name)
        read.preparedRecords = (exportPath, prepared)
        return asked
    }

    /// How many records are read at once, at most.
    static let recordsReadAhead = 8
    /// How many bytes of records are read at once, at most (unless the one asked for is bigger).
    static let recordBytesReadAhead = 16 << 20

    // MARK: - Conversations (asked by `render`)

    /// Whether the previous output still holds a record's files as they were written, and every file its
    /// export names would be found as before.
    func isReusable(_ record: ConversationRecord) -> Bool {
        outputIsUnchanged(record) && MediaDependency.allUnchanged(record.dependencies, realFolders: &read.realFolders)
    }

    /// Whether the previous output still holds a record's files as they were written.
    private func outputIsUnchanged(_ record: ConversationRecord) -> Bool {
        record.files.allSatisfy { output.previousStamp($0.key) == $0.value } && record.media.allSatisfy { output.previousStamp($0) != nil }
    }

    /// Takes a conversation's files over from the previous output and counts it as the rendering did (its
    /// export shown as `displayPath`).
    func takeOver(_ record: ConversationRecord, searchPart: SearchSource?, displayPath: String) throws {
        for path in record.files.keys.sorted() {
            guard try output.link(path) else { throw vanished(path) }
        }
        for path in record.media {
            guard try media.takeOverFromPreviousOutput(path) else { throw vanished(path) }
        }
        account(record, searchPart: searchPart, displayPath: displayPath)
        summary.conversationsReused += 1
        summary.pagesReused += record.pages
        count("conversations taken over")
    }

    /// Counts a conversation whose files are in the output as its rendering did: its card, search part, people's
    /// parts, appearances, counts and warnings (its export shown as `displayPath`).
    func account(_ record: ConversationRecord, searchPart: SearchSource?, displayPath: String) {
        if let searchPart { rendered.searchSources.append(searchPart) }
        summary.warnings += record.warnings.map { ConversationRecord.warning($0, showing: displayPath) }
        summary.missingMedia += record.missingMedia
        rendered.cards.append((record.summary, record.newest ?? -.infinity))
        summary.pages += record.pages
        summary.messagesRead += record.messagesRead
        summary.messagesRendered += record.messagesRendered
        summary.unsupportedMessages += record.unsupportedMessages
        summary.messagesRemoved += record.messagesRemoved
        matched.exclusions.formUnion(record.exclusionsMatched)
        rendered.personParts += record.personParts
        matched.personKeys.formUnion(record.personKeysMatched)
        matched.scope.formUnion(record.scopeMatched)
        rendered.appearanceCSS.merge(record.css) { first, _ in first }
        summary.conversations.append(
            BuildSummary.ConversationCount(
                title: summaryTitle(record.title, slug: record.slug), file: displayPath, messagesRead: record.messagesRead,
                messagesRendered: record.messagesRendered))
    }

    /// The error for a file of the previous output that went away while the build took it over.
    func vanished(_ path: String) -> TranscriptsError {
        TranscriptsError(
            file: output.destination.appendingPathComponent(path).path,
            message: "this file of the previous output went away during the build; build again (or with --clean)")
    }

    // MARK: - Pages of a changed conversation (asked by `render`)

    /// What the renderer needs of a conversation's previous rendering to take its unchanged pages over: the
    /// pages' records, the previous search part (when the conversation is indexed and the cache has it), and
    /// a way to take a page's file over, which calls `tookOver` with its path; nil when the record has no
    /// page records.
    func previousRendering(
        of previous: (name: String, record: ConversationRecord), slug: String, indexed: Bool,
        tookOver: @escaping (_ path: String) -> Void
    ) -> PreviousRendering? {
        guard let cache, let records = previous.record.pageRecords else { return nil }
        let output = self.output
        return PreviousRendering(
            pages: records,
            searchPart: !indexed || !cache.hasSearchPart(named: previous.name, of: previous.record)
                ? nil : cache.searchPart(named: previous.name),
            takeOver: { file in
                let path = "c/\(slug)/" + file
                guard let stamp = previous.record.files[path], output.previousStamp(path) == stamp, try output.link(path)
                else { return false }
                tookOver(path)
                return true
            })
    }
}

/// A record of the previous build, read ahead, and whether the previous output and the files its export names
/// still hold what it made (`BuildContext.isReusable`).
struct PreparedRecord {
    var record: ConversationRecord
    var isReusable: Bool
}
