import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptModel
import TranscriptSearch
import TranscriptSupport

/// The build cache of a site, in the hidden folder `SITE/.transcripts-cache/` (never published): the previous
/// build's manifest and one record per conversation (`records/NAME.record`, `ConversationRecordArchive`'s bytes,
/// with its share of the search index in `records/NAME.search`).
///
/// A cache that cannot be read, was written by another build of transcripts or for other settings, templates
/// or output folder is ignored: the build then renders everything and writes a new one. The manifest is
/// removed before the output is swapped and written after, so a build that stops in between leaves no
/// manifest, and the next build is a clean one.
package final class BuildCache {
    /// The cache's folder name in the site folder.
    package static let folderName = ".transcripts-cache"
    private static let manifestName = "manifest.json"

    package let folder: URL
    /// The previous build's manifest, when this build can use it.
    package let previous: BuildManifest?
    /// The previous build's manifest when only what pages look like changed since (templates, display
    /// settings): its pages cannot be taken over, but its search parts and search index can.
    let previousContent: BuildManifest?
    /// The manifest whose search parts and index hold: `previous` or `previousContent`.
    var previousSearch: BuildManifest? { previous ?? previousContent }
    /// What this build read and wrote, saved by `save()`.
    package private(set) var next: BuildManifest
    /// False once writing failed: nothing more is written, and no manifest is saved.
    private var isWritable = true

    /// The cache of `site` for a build with `key` (and `contentKey`, see `BuildKey.content`) into `output`;
    /// `clean` ignores what is there. `folder` puts it elsewhere than in the site folder.
    package init(site: URL, key: String, contentKey: String, output: URL, clean: Bool, folder: URL? = nil) {
        self.folder = folder ?? site.appendingPathComponent(Self.folderName)
        let outputPath = output.standardizedFileURL.path
        next = BuildManifest(key: key, contentKey: contentKey, output: outputPath)
        var manifest: BuildManifest?
        if !clean, let data = try? Data(contentsOf: self.folder.appendingPathComponent(Self.manifestName)),
           let decoded = try? JSONDecoder().decode(BuildManifest.self, from: data),
           decoded.version == BuildManifest.currentVersion, decoded.output == outputPath
        {
            manifest = decoded
        }
        previous = manifest?.key == key ? manifest : nil
        previousContent = manifest?.key != key && manifest?.contentKey == contentKey ? manifest : nil
    }

    private var records: URL { folder.appendingPathComponent("records") }

    /// The record called `name`, when it can be read.
    package func record(named name: String) -> ConversationRecord? {
        guard let record = Self.readRecord(records.appendingPathComponent(name + Self.recordSuffix)) else { return nil }
        placesOfRecords[name] = RecordPlace(record)
        return record
    }

    /// The records named `names`, read on all cores; nil for one that cannot be read.
    func records(named names: [String]) -> [ConversationRecord?] {
        let folder = records
        let read = (try? names.concurrentMap { Self.readRecord(folder.appendingPathComponent($0 + Self.recordSuffix)) })
            ?? Array(repeating: nil, count: names.count)
        for (name, record) in zip(names, read) {
            if let record { placesOfRecords[name] = RecordPlace(record) }
        }
        return read
    }

    /// The size of the record `name`'s file in bytes; nil when there is no such record.
    func recordBytes(named name: String) -> Int? {
        var info = stat()
        guard stat(records.appendingPathComponent(name + Self.recordSuffix).path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// How a record's file name ends.
    static let recordSuffix = ".record"
    /// How the file name of a record's share of the search index ends.
    static let searchSuffix = ".search"

    /// The file of the record `name` (`suffix`: `recordSuffix` or `searchSuffix`).
    func recordFile(_ name: String, suffix: String) -> URL {
        records.appendingPathComponent(name + suffix)
    }

    /// Waits for the records being written: false when one could not be.
    func finishWriting() -> Bool { finishWrites() }

    private static func readRecord(_ file: URL) -> ConversationRecord? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? ConversationRecordArchive.decode([UInt8](data))
    }

    /// Which conversation a record read in this build is of, and where it was shown: a record known not to be
    /// the one looked for is not read again (records are up to a few hundred kilobytes).
    private var placesOfRecords: [String: RecordPlace] = [:]

    private struct RecordPlace: Equatable {
        var id: String
        var slug: String
        var searchNumber: Int?

        init(_ record: ConversationRecord) {
            self.init(id: record.id, slug: record.slug, searchNumber: record.searchNumber)
        }

        init(id: String, slug: String, searchNumber: Int?) {
            self.id = id
            self.slug = slug
            self.searchNumber = searchNumber
        }
    }

    /// The first of the records called `names` that is of the conversation `id` shown at `slug` (with
    /// `searchNumber`), with its name.
    package func record(
        among names: [String], id: String, slug: String, searchNumber: Int?
    ) -> (name: String, record: ConversationRecord)? {
        let place = RecordPlace(id: id, slug: slug, searchNumber: searchNumber)
        for name in names {
            if let known = placesOfRecords[name], known != place { continue }
            if let record = record(named: name), RecordPlace(record) == place { return (name, record) }
        }
        return nil
    }

    /// The previous build's record with `key`, when there is one.
    package func record(withKey key: String) -> (name: String, record: ConversationRecord)? {
        guard let name = previous?.records[key], let record = record(named: name), record.key == key else { return nil }
        return (name, record)
    }

    /// The search part of the previous build's record with `key` when only what pages look like changed since
    /// (see `previousContent`).
    func contentSearchPart(withKey key: String) -> SearchConversationPart? {
        guard let name = previousContent?.records[key], let record = record(named: name), record.key == key,
              hasSearchPart(named: name, of: record)
        else { return nil }
        return searchPart(named: name)
    }

    /// The search part stored with the record called `name`.
    func searchPart(named name: String) -> SearchConversationPart? {
        guard let data = try? Data(contentsOf: records.appendingPathComponent(name + ".search")) else { return nil }
        return try? SearchPartArchive.decode([UInt8](data))
    }

    /// Whether `record` (called `name`) has its search part stored as it was written (it is read later,
    /// when the index is built).
    func hasSearchPart(named name: String, of record: ConversationRecord) -> Bool {
        guard let size = record.searchPartBytes,
              let stamp = FileStamp(path: records.appendingPathComponent(name + ".search").path)
        else { return false }
        return stamp.size == Int64(size)
    }

    /// The state of the previous build's search index (see `SearchIndexState`).
    func previousSearchState() -> SearchIndexState? {
        guard let name = previousSearch?.search?.state, let data = try? Data(contentsOf: folder.appendingPathComponent(name))
        else { return nil }
        return SearchIndexState([UInt8](data))
    }

    /// Stores the state of this build's search index; the file's name, or nil when it cannot be written.
    func storeSearchState(_ state: SearchIndexState) -> String? {
        guard isWritable else { return nil }
        let name = "search-" + UUID().uuidString.lowercased() + ".state"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(state.encoded()).write(to: folder.appendingPathComponent(name))
        } catch {
            return nil
        }
        return name
    }

    private var outputDigestsFile: URL { folder.appendingPathComponent("output.digests") }

    /// The digests of the previous build's output files, when this build can use the previous build's cache.
    func previousOutputDigests() -> OutputDigests {
        guard previousSearch != nil, let data = try? Data(contentsOf: outputDigestsFile),
              let digests = OutputDigests([UInt8](data))
        else { return OutputDigests() }
        return digests
    }

    /// Stores the digests of the output's files (after the output is in place), or removes stale ones.
    func saveOutputDigests(_ digests: OutputDigests) {
        guard isWritable else {
            try? FileManager.default.removeItem(at: outputDigestsFile)
            return
        }
        try? Data(digests.encoded()).write(to: outputDigestsFile, options: .atomic)
    }

    /// Notes the search index this build wrote (or took over).
    func noteSearch(_ search: BuildManifest.Search) {
        next.search = search
    }

    /// Stores a new record (and its search part); its name, or nil when the cache cannot be written. The files
    /// are encoded and written on another thread while the build goes on; `save()` waits for them.
    func store(_ record: ConversationRecord, searchPart: SearchConversationPart?) -> String? {
        guard isWritable else { return nil }
        do {
            try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        } catch {
            isWritable = false
            return nil
        }
        let name = UUID().uuidString.lowercased()
        let records = self.records, failures = self.failures
        DispatchQueue.global().async(group: writes) {
            var record = record
            do {
                if let searchPart {
                    record.searchPartBytes = try SearchPartArchive.write(searchPart, to: records.appendingPathComponent(name + ".search"))
                }
                try Data(ConversationRecordArchive.encode(record)).write(to: records.appendingPathComponent(name + Self.recordSuffix))
            } catch {
                failures.note()
            }
        }
        return name
    }

    /// Records being written (see `store`), and whether writing one failed.
    private let writes = DispatchGroup()
    private let failures = WriteFailures()

    deinit { writes.wait() }

    /// Waits for the records being written; false when one could not be.
    private func finishWrites() -> Bool {
        writes.wait()
        if failures.happened { isWritable = false }
        return isWritable
    }

    /// Notes what an export gave in this build.
    func note(export displayPath: String, _ export: BuildManifest.Export, keys: [String]) {
        next.exports[displayPath] = export
        for (key, name) in zip(keys, export.records) { next.records[key] = name }
    }

    /// Removes the manifest: called before the output is replaced, so that a build stopped before `save()`
    /// leaves no manifest that could describe another output.
    func invalidate() {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(Self.manifestName))
        try? FileManager.default.removeItem(at: outputDigestsFile)
    }

    /// Writes this build's manifest and removes the records it does not name.
    package func save() {
        guard finishWrites() else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(next) else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: folder.appendingPathComponent(Self.manifestName), options: .atomic)
        } catch {
            return
        }
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where (file.hasSuffix(".state") || file.hasSuffix(".signatures")) && file != next.search?.state {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        let kept = Set(next.exports.values.flatMap(\.records))
        for file in (try? FileManager.default.contentsOfDirectory(atPath: records.path)) ?? [] {
            let name = file.hasSuffix(Self.recordSuffix)
                ? String(file.dropLast(Self.recordSuffix.count)) : file.hasSuffix(".search") ? String(file.dropLast(7)) : file
            if !kept.contains(name) { try? FileManager.default.removeItem(at: records.appendingPathComponent(file)) }
        }
    }
}

/// Whether a write on another thread failed.
private final class WriteFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failed = false

    func note() {
        lock.lock()
        failed = true
        lock.unlock()
    }

    var happened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failed
    }
}
