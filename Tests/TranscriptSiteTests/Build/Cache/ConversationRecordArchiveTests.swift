import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

@Suite struct ConversationRecordArchiveTests {
    /// A record with every field set, none to its default: a field the archive forgot would come back empty.
    static func fullRecord() -> ConversationRecord {
        var found = MediaDependency(folder: "/exports/chat", path: "photos/a.jpg", imageOnly: true)
        found.source = "/exports/chat/photos/a.jpg"
        found.stamp = FileStamp(size: 1234, modified: -1_700_000_000_123_456_789, inode: 42, device: 7)
        found.sitePath = "media/ab/a.jpg"
        var refused = MediaDependency(folder: "/exports/chat", path: "../secret.txt", imageOnly: false)
        refused.refusal = "leads outside the export's folder"
        var record = ConversationRecord(
            key: "0123abcd", id: "chat-11", title: "Family «chat» 👋", slug: "c/family/", searchNumber: 3,
            file: "/exports/chat/result.json",
            files: ["c/family/index.html": FileStamp(size: 10, modified: 20, inode: 30, device: 40),
                    "c/family/2024-05.html": FileStamp(size: 11, modified: 21, inode: 31, device: 41)],
            media: ["media/ab/a.jpg"], dependencies: [found, refused],
            summary: ConversationSummary(
                title: "Family", url: "c/family/index.html", kindLabel: "Group", participantNames: "Ann and Bob", participantCount: 2,
                messageCount: 5, messageCountText: "5 messages", firstDate: "May 3, 2024", firstISO: "2024-05-03T09:30:00Z",
                lastDate: "May 4, 2024", lastISO: "2024-05-04T10:00:00Z", lastMessage: LastMessage(senderName: "Ann", snippet: "see you")),
            newest: 1_714_816_800.5, pages: 2, messagesRead: 5, messagesRendered: 4, unsupportedMessages: 1, missingMedia: 1,
            messagesRemoved: 1, exclusionsMatched: ["Eve"], css: ["look-1": AppearanceCSS(light: "--a: 1;", dark: "--a: 2;")],
            warnings: ["\u{1}export\u{1}: 1 message is not supported"], hasSearchPart: true, searchPartBytes: 999)
        record.pageRecords = [
            "2024-05.html": PageRecord(digest: "9732ce206e8a5793", looks: ["look-1": ["low contrast"], "look-2": []],
                                      css: ["look-1": AppearanceCSS(light: "--b: 1;", dark: "--b: 2;")]),
        ]
        record.peopleFingerprint = "5e1f"
        record.personKeysMatched = ["tel:+15555550101"]
        record.scopeMatched = ["people: Ann"]
        let entry = GalleryEntry(
            permalink: "../../c/family/2024-05.html#m-1", meta: "Ann · May 3, 2024", image: "../../media/ab/a.jpg", width: 160,
            height: 120, alt: "A photo", label: "Photo", href: nil, size: nil, isVideo: false)
        record.personParts = [PersonPart(
            person: "ann", name: "Ann", conversation: "Family", url: "c/family/index.html", kindLabel: "Group", app: "Telegram",
            messageCount: 3, first: 1_714_728_600, last: 1_714_816_800.5, months: [.init(month: 24_292, count: 3)],
            media: [.init(entry: entry, seconds: 1_714_728_600)], mediaCount: 1, files: [], fileCount: 0, links: [], linkCount: 2)]
        return record
    }

    @Test func aRecordComesBackAsItWas() throws {
        let record = Self.fullRecord()
        // Every stored property of the fixture holds something (a new field must be archived and set here).
        for child in Mirror(reflecting: record).children {
            let value = child.value
            let description = String(describing: value)
            #expect(!["0", "false", "nil", "[]", "[:]", ""].contains(description), "\(child.label ?? "?") is not set")
        }
        // The parts' fields, counted: one added must be archived too (and set above).
        #expect(Mirror(reflecting: record.dependencies[0]).children.count == 7)
        #expect(Mirror(reflecting: record.summary).children.count == 12)
        #expect(Mirror(reflecting: record.summary.lastMessage!).children.count == 2)
        #expect(Mirror(reflecting: record.pageRecords!.first!.value).children.count == 3)
        #expect(Mirror(reflecting: record.css.first!.value).children.count == 2)
        #expect(Mirror(reflecting: record.files.first!.value).children.count == 4)
        #expect(try ConversationRecordArchive.decode(ConversationRecordArchive.encode(record)) == record)
        var bare = record
        bare.searchNumber = nil
        bare.newest = nil
        bare.pageRecords = nil
        bare.summary.lastMessage = nil
        bare.summary.firstDate = nil
        #expect(try ConversationRecordArchive.decode(ConversationRecordArchive.encode(bare)) == bare)
    }

    /// Dictionaries go out in the order of their keys, whatever order they were filled in.
    @Test func theSameRecordGivesTheSameBytes() throws {
        let record = Self.fullRecord()
        let bytes = ConversationRecordArchive.encode(record)
        #expect(ConversationRecordArchive.encode(try ConversationRecordArchive.decode(bytes)) == bytes)
        var refilled = record
        refilled.files = [:]
        refilled.pageRecords = [:]
        for key in record.files.keys.sorted().reversed() { refilled.files[key] = record.files[key] }
        for number in 0..<40 { refilled.files["c/family/extra-\(number).html"] = FileStamp(size: 1, modified: 1, inode: 1, device: 1) }
        for number in 0..<40 { refilled.files["c/family/extra-\(number).html"] = nil }
        for key in record.pageRecords!.keys.sorted().reversed() { refilled.pageRecords![key] = record.pageRecords![key] }
        #expect(refilled == record)
        #expect(ConversationRecordArchive.encode(refilled) == bytes)
    }

    @Test func brokenBytesAreAnError() {
        let bytes = ConversationRecordArchive.encode(Self.fullRecord())
        #expect(throws: (any Error).self) { try ConversationRecordArchive.decode(Array(bytes.dropLast())) }
        #expect(throws: (any Error).self) { try ConversationRecordArchive.decode(bytes + [0]) }
        #expect(throws: (any Error).self) { try ConversationRecordArchive.decode([]) }
        #expect(throws: (any Error).self) { try ConversationRecordArchive.decode(Array(bytes.prefix(bytes.count / 2))) }
    }
}
