import Foundation
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// A conversation's record (`ConversationRecord`) as bytes, for the build cache. An edit of one message reads
/// every other conversation's record to take its pages over: as JSON, decoding them was a tenth of such a
/// build; read from these bytes it is a small share.
///
/// Dictionaries are written in the order of their keys, so that the same record gives the same bytes.
enum ConversationRecordArchive {
    private static let magic = "transcripts conversation record 2"

    static func encode(_ record: ConversationRecord) -> [UInt8] {
        var writer = BinaryWriter()
        writer.reserveCapacity(4096 + record.dependencies.count * 96 + record.files.count * 64)
        writer.write(magic)
        writer.write(record.key)
        writer.write(record.id)
        writer.write(record.title)
        writer.write(record.slug)
        writer.write(optional: record.searchNumber)
        writer.write(record.file)
        writer.write(record.files.count)
        for (path, stamp) in record.files.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(stamp)
        }
        writer.write(strings: record.media)
        writer.write(record.dependencies.count)
        for dependency in record.dependencies {
            writer.write(dependency.folder)
            writer.write(dependency.path)
            writer.write(dependency.imageOnly)
            writer.write(dependency.source)
            writer.write(dependency.stamp != nil)
            if let stamp = dependency.stamp { writer.write(stamp) }
            writer.write(dependency.sitePath)
            writer.write(dependency.refusal)
        }
        writer.write(record.summary)
        writer.write(record.newest != nil)
        if let newest = record.newest { writer.write(newest.bitPattern) }
        writer.write(record.pages)
        writer.write(record.messagesRead)
        writer.write(record.messagesRendered)
        writer.write(record.unsupportedMessages)
        writer.write(record.missingMedia)
        writer.write(record.messagesRemoved)
        writer.write(strings: record.exclusionsMatched)
        writer.write(css: record.css)
        writer.write(strings: record.warnings)
        writer.write(record.hasSearchPart)
        writer.write(optional: record.searchPartBytes)
        writer.write(record.pageRecords != nil)
        if let pageRecords = record.pageRecords {
            writer.write(pageRecords.count)
            for (file, page) in pageRecords.sorted(by: { $0.key < $1.key }) {
                writer.write(file)
                writer.write(page.digest)
                writer.write(page.looks.count)
                for (name, warnings) in page.looks.sorted(by: { $0.key < $1.key }) {
                    writer.write(name)
                    writer.write(strings: warnings)
                }
                writer.write(css: page.css)
            }
        }
        writer.write(record.peopleFingerprint)
        writer.write(strings: record.personKeysMatched)
        writer.write(strings: record.scopeMatched)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        writer.write(record.personParts.isEmpty ? "" : String(decoding: (try? encoder.encode(record.personParts)) ?? Data(), as: UTF8.self))
        return writer.bytes
    }

    /// The record `encode` wrote; throws on bytes it did not write.
    static func decode(_ bytes: [UInt8]) throws -> ConversationRecord {
        var reader = BinaryReader(bytes)
        guard try reader.readString() == magic else { throw BinaryReader.Truncated() }
        let key = try reader.readString()
        let id = try reader.readString()
        let title = try reader.readString()
        let slug = try reader.readString()
        let searchNumber = try reader.readOptionalInt()
        let file = try reader.readString()
        var files: [String: FileStamp] = [:]
        let fileCount = try reader.readCount()
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            let path = try reader.readString()
            files[path] = try reader.readStamp()
        }
        let media = try reader.readStrings()
        let dependencyCount = try reader.readCount()
        var dependencies: [MediaDependency] = []
        dependencies.reserveCapacity(dependencyCount)
        for _ in 0..<dependencyCount {
            var dependency = MediaDependency(folder: try reader.readString(), path: try reader.readString(), imageOnly: try reader.readBool())
            dependency.source = try reader.readOptionalString()
            dependency.stamp = try reader.readBool() ? try reader.readStamp() : nil
            dependency.sitePath = try reader.readOptionalString()
            dependency.refusal = try reader.readOptionalString()
            dependencies.append(dependency)
        }
        let summary = try reader.readSummary()
        let newest = try reader.readBool() ? Double(bitPattern: try reader.readUInt64()) : nil
        var record = ConversationRecord(
            key: key, id: id, title: title, slug: slug, searchNumber: searchNumber, file: file, files: files, media: media,
            dependencies: dependencies, summary: summary, newest: newest, pages: try reader.readInt(),
            messagesRead: try reader.readInt(), messagesRendered: try reader.readInt(), unsupportedMessages: try reader.readInt(),
            missingMedia: try reader.readInt(), messagesRemoved: try reader.readInt(), exclusionsMatched: try reader.readStrings(),
            css: try reader.readCSS(), warnings: try reader.readStrings(), hasSearchPart: try reader.readBool(),
            searchPartBytes: try reader.readOptionalInt())
        if try reader.readBool() {
            let pageCount = try reader.readCount()
            var pageRecords: [String: PageRecord] = [:]
            pageRecords.reserveCapacity(pageCount)
            for _ in 0..<pageCount {
                let file = try reader.readString()
                let digest = try reader.readString()
                let lookCount = try reader.readCount()
                var looks: [String: [String]] = [:]
                for _ in 0..<lookCount {
                    let name = try reader.readString()
                    looks[name] = try reader.readStrings()
                }
                pageRecords[file] = PageRecord(digest: digest, looks: looks, css: try reader.readCSS())
            }
            record.pageRecords = pageRecords
        }
        record.peopleFingerprint = try reader.readString()
        record.personKeysMatched = try reader.readStrings()
        record.scopeMatched = try reader.readStrings()
        let parts = try reader.readString()
        if !parts.isEmpty { record.personParts = try JSONDecoder().decode([PersonPart].self, from: Data(parts.utf8)) }
        guard reader.isAtEnd else { throw BinaryReader.Truncated() }
        return record
    }
}

extension BinaryWriter {
    fileprivate mutating func write(optional value: Int?) {
        write(value != nil)
        if let value { write(value) }
    }

    fileprivate mutating func write(strings: [String]) {
        write(strings.count)
        for string in strings { write(string) }
    }

    fileprivate mutating func write(css: [String: AppearanceCSS]) {
        write(css.count)
        for (name, declarations) in css.sorted(by: { $0.key < $1.key }) {
            write(name)
            write(declarations.light)
            write(declarations.dark)
        }
    }

    fileprivate mutating func write(_ summary: ConversationSummary) {
        write(summary.title)
        write(summary.url)
        write(summary.kindLabel)
        write(summary.participantNames)
        write(summary.participantCount)
        write(summary.messageCount)
        write(summary.messageCountText)
        write(summary.firstDate)
        write(summary.firstISO)
        write(summary.lastDate)
        write(summary.lastISO)
        write(summary.lastMessage != nil)
        if let last = summary.lastMessage {
            write(last.senderName)
            write(last.snippet)
        }
    }
}

extension BinaryReader {
    fileprivate mutating func readOptionalInt() throws -> Int? {
        try readBool() ? try readInt() : nil
    }

    fileprivate mutating func readStrings() throws -> [String] {
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    fileprivate mutating func readCSS() throws -> [String: AppearanceCSS] {
        let count = try readCount()
        var css: [String: AppearanceCSS] = [:]
        for _ in 0..<count {
            let name = try readString()
            css[name] = AppearanceCSS(light: try readString(), dark: try readString())
        }
        return css
    }

    fileprivate mutating func readSummary() throws -> ConversationSummary {
        ConversationSummary(
            title: try readString(), url: try readString(), kindLabel: try readString(), participantNames: try readString(),
            participantCount: try readInt(), messageCount: try readInt(), messageCountText: try readString(),
            firstDate: try readOptionalString(), firstISO: try readOptionalString(), lastDate: try readOptionalString(),
            lastISO: try readOptionalString(),
            lastMessage: try readBool() ? LastMessage(senderName: try readOptionalString(), snippet: try readString()) : nil)
    }
}
