import ArgumentParser
import Foundation
import TranscriptImport
import TranscriptJSON
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// `transcripts import EXPORT -o FILE`: reads an export and writes it in the canonical format.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read exports and write them in transcripts' canonical JSON format, to inspect or re-render them.",
        discussion: """
            With one conversation, OUTPUT is the file to write (.json, or .jsonl for JSON Lines). With several \
            (a Telegram account export, a Slack workspace), OUTPUT is a folder that gets one file per conversation. \
            Several exports of one conversation (the same chat exported again and again) are merged into one, \
            every message once (docs/archive.md).
            """
    )

    @Argument(help: "The exports: files, folders or archives (zip, .tgz).", completion: .file())
    var exports: [String]

    @Option(name: [.short, .long], help: "The file (or, for several conversations, the folder) to write.")
    var output: String

    @Option(help: "Read the export as this format instead of detecting it (\(ImporterRegistry.builtIn.formats.joined(separator: ", "))).")
    var format: String?

    @Option(help: "The time zone of times without one (default: UTC).")
    var timeZone: String = "UTC"

    @Option(help: ArgumentHelp("iMessage: the folder that stands for ~/Library/Messages, holding Attachments/ (default: the folder of chat.db).", valueName: "dir"), completion: .directory)
    var attachmentsRoot: String?

    @Option(help: ArgumentHelp("iMessage: a vCard (.vcf) or YAML file naming the phone numbers and email addresses.", valueName: "file"), completion: .file())
    var contacts: String?

    @Flag(help: "Also print what merging did, conversation by conversation and message by message.")
    var verbose = false

    func run() throws {
        do {
            guard let zone = TimeZone(identifier: timeZone) else {
                throw TranscriptsError(message: "\"\(timeZone)\" is not a time zone name (examples: UTC, Europe/Berlin)")
            }
            var imessage: [String: JSONValue] = [:]
            if let attachmentsRoot { imessage["attachmentsRoot"] = .string(attachmentsRoot) }
            if let contacts { imessage["contacts"] = .string(contacts) }
            let registry = try ImporterRegistry.builtIn.configured(with: imessage.isEmpty ? [:] : ["imessage": ImporterOptions(imessage)])
            let conversion = try ExportConverter(registry: registry, format: format, timeZone: zone)
                .convert(exports.map { URL(fileURLWithPath: $0) }, to: URL(fileURLWithPath: output))
            for line in conversion.written { print(line) }
            var summary = BuildSummary()
            summary.merges = conversion.merges
            if let line = summary.mergeLine { print(line) }
            if verbose { for line in summary.mergeDetails { print(line) } }
            for warning in conversion.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        } catch {
            FileHandle.standardError.write(Data("error: \(TranscriptsError.sentence(for: error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
