import Foundation
import TranscriptImport
import TranscriptRender
import TranscriptTemplates

/// What a build did, for the summary line and for machines.
public struct BuildSummary: Sendable, Equatable, Codable {
    /// Per conversation: where it came from and how many messages went in and out.
    public struct ConversationCount: Sendable, Equatable, Codable {
        public var title: String
        public var file: String
        public var messagesRead: Int
        public var messagesRendered: Int
    }

    public var conversations: [ConversationCount] = []
    public var messagesRead = 0
    public var messagesRendered = 0
    /// Messages of kinds nobody understood (shown as such, never dropped).
    public var unsupportedMessages = 0
    /// Files that exports name but that are missing or were refused (shown as placeholders).
    public var missingMedia = 0
    /// Messages of the people `privacy.exclude` names, each shown as a "Message removed" line.
    public var messagesRemoved = 0
    public var pages = 0
    public var files = 0
    public var bytes = 0
    public var seconds = 0.0
    /// Messages in the search index (conversations left out of it are not counted), its distinct terms
    /// (filters included) and its size.
    public var searchDocuments = 0
    public var searchTerms = 0
    public var searchBytes = 0
    /// How this build made the search index.
    public var searchIndexWork: SearchIndexWork?

    /// How a build made the search index: built whole, updated in place (only the files that changed
    /// conversations touch), or taken over from the previous output unchanged.
    public enum SearchIndexWork: String, Sendable, Codable {
        case built
        case updated
        case takenOver = "taken over"
    }
    /// Conversations whose files the build cache took over from the previous output without rendering them,
    /// and their pages (a part of `pages`).
    public var conversationsReused = 0
    public var pagesReused = 0
    /// Files of the previous output kept as they were (taken over, or written again with the same bytes).
    public var filesUnchanged = 0
    /// Each stage's time and counts, in the order they ran.
    public var stages: [StageReport] = []
    /// The folder the site was written to.
    public var output = ""
    /// Things a person may want to look at: replies to messages not in the export, unknown senders, ...
    public var warnings: [String] = []
    /// What merging did to each conversation that several exports hold (see docs/archive.md).
    public var merges: [MergeReport] = []
    /// The site's templates that the compiled renderer cannot render, so that swift-mustache renders every page
    /// (several times more slowly): each with its file, line and what it uses.
    public var slowerTemplates: [TemplateSet.SlowerTemplate] = []

    public init() {}

    /// A few readable lines: the counts and a line per conversation (the warnings are `warningLines`, which
    /// the command line prints on stderr).
    public var report: String {
        var lines = [
            "\(conversations.count) conversation\(conversations.count == 1 ? "" : "s"), "
                + "\(messagesRead) message\(messagesRead == 1 ? "" : "s") read, \(messagesRendered) rendered"
                + (unsupportedMessages > 0 ? " (\(unsupportedMessages) of unsupported kinds)" : "")
                + (messagesRemoved > 0 ? " (\(messagesRemoved) removed by privacy.exclude)" : "")
                + ", \(pages) page\(pages == 1 ? "" : "s"), \(Self.bytesText(bytes)) in \(files) files, "
                + String(format: "%.2f s", seconds) + " → \(output)"
        ]
        if conversationsReused > 0 || filesUnchanged > 0 {
            lines.append(incrementalLine)
        }
        if let mergeLine { lines.append(mergeLine) }
        if let first = slowerTemplates.first {
            lines.append(
                "templates: every page rendered by swift-mustache, several times more slowly, since "
                    + (slowerTemplates.count == 1 ? "a template" : "\(slowerTemplates.count) templates")
                    + " use\(slowerTemplates.count == 1 ? "s" : "") what the compiled renderer does not cover: \(first.text)"
                    + (slowerTemplates.count > 1 ? ", ..." : "") + " (docs/template-reference.md)")
        }
        if searchDocuments > 0 {
            lines.append("search index: \(searchDocuments) message\(searchDocuments == 1 ? "" : "s"), \(searchTerms) terms, \(Self.bytesText(searchBytes))"
                + (searchIndexWork == .updated ? " (updated in place)" : searchIndexWork == .takenOver ? " (unchanged)" : ""))
        }
        for count in conversations {
            lines.append("  \(Self.shortened(count.title)): \(count.messagesRead) read, \(count.messagesRendered) rendered (\(count.file))")
        }
        return lines.joined(separator: "\n")
    }

    /// A title as a line of the summary shows it: at most `titleLength` characters, the rest as "…" (a title of
    /// 100,000 letters would fill the terminal); the JSON report keeps it whole.
    static func shortened(_ title: String) -> String {
        title.count > titleLength ? title.prefix(titleLength - 1) + "…" : title
    }

    /// The most characters of a title the summary's lines show.
    static let titleLength = 80

    /// What merging did, in one line: "3 exports of 1 conversation: 5,475 messages, 2,000 in more than one
    /// export, 1 edited between exports, 1 missing from the newest"; nil when nothing was merged.
    public var mergeLine: String? {
        guard !merges.isEmpty else { return nil }
        let exports = Set(merges.flatMap(\.exports)).count
        func number(_ value: Int) -> String { value.formatted(.number.locale(Locale(identifier: "en_US"))) }
        func sum(_ count: KeyPath<MergeReport, Int>) -> Int { merges.reduce(0) { $0 + $1[keyPath: count] } }
        return "\(exports) exports of \(merges.count) conversation\(merges.count == 1 ? "" : "s"): "
            + "\(number(sum(\.messages))) messages, \(number(sum(\.inMoreThanOne))) in more than one export, "
            + "\(number(sum(\.editedBetweenExports))) edited between exports, \(number(sum(\.missingFromNewest))) missing from the newest"
    }

    /// What merging did, conversation by conversation and message by message (`--verbose`).
    public var mergeDetails: [String] {
        merges.flatMap { merge in
            ["merged \"\(Self.shortened(merge.conversation))\" from \(merge.exports.joined(separator: ", ")): \(merge.messages) messages, "
                + "\(merge.inMoreThanOne) in more than one export, \(merge.editedBetweenExports) edited between exports, "
                + "\(merge.missingFromNewest) missing from the newest"]
                + merge.details.map { "  " + $0 }
        }
    }

    /// The warnings as the command line prints them, one `warning: …` line each.
    public var warningLines: String {
        warnings.map { "warning: " + $0 + "\n" }.joined()
    }

    /// What an incremental build took over from the previous output.
    public var incrementalLine: String {
        let rendered = conversations.count - conversationsReused
        return "incremental: \(conversationsReused) conversation\(conversationsReused == 1 ? "" : "s") reused (\(pagesReused) page\(pagesReused == 1 ? "" : "s")), "
            + "\(rendered) rendered; \(filesUnchanged) of \(files) files unchanged"
    }

    /// The summary as JSON, for CI: every count, the warnings and the output folder.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    static func bytesText(_ bytes: Int) -> String {
        if bytes < 10_000 { return "\(bytes) bytes" }
        if bytes < 10_000_000 { return "\(bytes / 1000) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
