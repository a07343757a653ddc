import Foundation
import TranscriptModel
import TranscriptSupport

/// The importers transcripts knows, and how an export's format is found.
public struct ImporterRegistry: Sendable {
    public var importers: [any ExportImporter]

    /// Every built-in importer, the most specific first.
    public static let builtIn = ImporterRegistry(importers: [
        DiscordImporter(), MessengerImporter(), TelegramImporter(), TelegramHTMLImporter(), SlackImporter(), GoogleChatImporter(), MattermostImporter(), SignalImporter(),
        IRCImporter(), MatrixImporter(), IOSBackupImporter(), WhatsAppAndroidImporter(), WhatsAppIOSImporter(), IMessageImporter(), CanonicalImporter(), WhatsAppImporter(),
        IOSBackupImporter(apps: [.messages]), IOSBackupImporter(apps: [.whatsapp]),
    ])

    public init(importers: [any ExportImporter]) { self.importers = importers }

    /// The names `--format` accepts.
    public var formats: [String] { importers.map(\.format) }

    /// The importer named `format`, or an error listing the known ones.
    public func importer(named format: String) throws -> any ExportImporter {
        guard let importer = importers.first(where: { $0.format == format.lowercased() }) else {
            throw TranscriptsError(message: "unknown format \"\(format)\" (formats: \(formats.joined(separator: ", ")))")
        }
        return importer
    }

    /// The importer that recognises `url`, if any.
    public func detect(_ url: URL) -> (any ExportImporter)? {
        detect(ExportProbe(url))
    }

    /// The importer that recognises the probed file or folder, if any (each is asked with the same probe).
    public func detect(_ probe: ExportProbe) -> (any ExportImporter)? {
        importers.first { $0.canImport(probe) }
    }
}
