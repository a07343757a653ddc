import TranscriptModel

import TranscriptImport
import TranscriptSupport

/// One named step of a build over the build's context, as Publish's `PublishingStep`: `discover`, `read`,
/// `transform`, `render`, `index`, `write` and `commit` (see `BuildStages.standard`).
///
/// Each stage does its part once per build in `run(in:)`, in the order of the list. Conversations stream:
/// the `read` stage hands each conversation it reads to the stages after it, one at a time, through
/// `process(_:in:)` (a build holds one conversation, not the export). The runner times every stage (its
/// own work, not the stages it hands on to) and reports it in the summary (`--verbose`, `--report`).
///
/// A stage that changes what the site shows declares a `fingerprint`: it is part of the build cache's key,
/// so a changed fingerprint renders every page again.
///
/// ```swift
/// /// Leaves out the messages of a bot before anything is rendered.
/// struct DropBotMessages: BuildStage {
///     let name = "drop-bot"
///     var fingerprint: String { "drop-bot 1" }
///     func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
///         let before = conversation.imported.conversation.messages.count
///         conversation.imported.conversation.messages.removeAll { $0.sender == "bot" }
///         conversation.imported.messageDigests = nil  // the digests were of the messages as read
///         context.count("messages dropped", before - conversation.imported.conversation.messages.count)
///     }
/// }
///
/// var builder = SiteBuilder(options: BuildOptions(site: site))
/// builder.stages.insert(DropBotMessages(), after: "transform")
/// ```
public protocol BuildStage: Sendable {
    /// The stage's name in reports and errors, and where other stages are inserted (`insert(_:after:)`).
    var name: String { get }
    /// What the stage changes in the output, as text that changes with it; "" for a stage that changes
    /// nothing (the default). Part of the build cache's key.
    var fingerprint: String { get }
    /// The stage's work for the whole build (the default does nothing).
    func run(in context: BuildContext) throws
    /// The stage's work on one conversation that was read (the default hands it on as it is). Only stages
    /// after `read` see conversations; a conversation the build cache took over unread is not processed.
    func process(_ conversation: inout ReadConversation, in context: BuildContext) throws
}

extension BuildStage {
    public var fingerprint: String { "" }
    public func run(in context: BuildContext) throws {}
    public func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {}
}

/// A conversation on its way from the `read` stage to `render`, with the export it came from.
public struct ReadConversation: Sendable {
    /// The conversation as read, changed by the stages it passed (`transform`).
    public var imported: ImportedConversation
    /// The export it was read from.
    public var source: ExportSource { export.source }
    /// The export's format: `telegram`, `slack`, ...
    public var format: String { export.importer.format }
    package let export: ExportFinder.Found
    /// For a conversation gathered to be merged with others of its id (even when no other export had it): the
    /// id. The build cache then knows it by that id, not by its export, so its unchanged pages are taken over
    /// when an export is added.
    package let mergedAs: String?

    package init(imported: ImportedConversation, export: ExportFinder.Found, mergedAs: String? = nil) {
        self.imported = imported
        self.export = export
        self.mergedAs = mergedAs
    }
}

/// The time and counts of one stage in one build.
public struct StageReport: Sendable, Equatable, Codable {
    public var name: String
    /// Seconds spent in the stage itself (not in the stages it handed conversations to).
    public var seconds: Double
    /// What it counted, by name: `exports`, `conversations`, `pages rendered`, ...
    public var counts: [String: Int]

    public init(name: String, seconds: Double = 0, counts: [String: Int] = [:]) {
        self.name = name
        self.seconds = seconds
        self.counts = counts
    }

    /// `render: 1.23 s (conversations 4, pages 17)`
    public var line: String {
        let listed = counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
        return "\(name): " + String(format: "%.3f s", seconds) + (listed.isEmpty ? "" : " (\(listed))")
    }
}

extension Array where Element == any BuildStage {
    /// Inserts `stage` right after the stage named `name`; an error when there is none.
    public mutating func insert(_ stage: any BuildStage, after name: String) throws {
        guard let index = firstIndex(where: { $0.name == name }) else { throw Self.noStage(name, in: self) }
        insert(stage, at: index + 1)
    }

    /// Inserts `stage` right before the stage named `name`; an error when there is none.
    public mutating func insert(_ stage: any BuildStage, before name: String) throws {
        guard let index = firstIndex(where: { $0.name == name }) else { throw Self.noStage(name, in: self) }
        insert(stage, at: index)
    }

    private static func noStage(_ name: String, in stages: [any BuildStage]) -> TranscriptsError {
        TranscriptsError(message: "there is no build stage named \"\(name)\" (stages: \(stages.map(\.name).joined(separator: ", ")))")
    }
}
