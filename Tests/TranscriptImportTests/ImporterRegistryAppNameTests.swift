import Foundation
import Testing

@testable import TranscriptImport

/// The app each built-in format is from, as pages name it (a person's page, a conversation of several apps).
@Suite struct ImporterRegistryAppNameTests {
    @Test func everyBuiltInFormatNamesItsApp() {
        let names = Dictionary(ImporterRegistry.builtIn.importers.map { ($0.format, $0.appName) }) { first, _ in first }
        #expect(names == [
            "transcripts": "Transcripts", "whatsapp": "WhatsApp", "whatsapp-ios": "WhatsApp", "whatsapp-android": "WhatsApp",
            "telegram": "Telegram", "telegram-html": "Telegram", "slack": "Slack", "discord": "Discord",
            "messenger": "Messenger", "mattermost": "Mattermost", "signal": "Signal", "irc": "IRC", "matrix": "Matrix",
            "imessage": "iMessage", "google-chat": "Google Chat", "ios-backup": "iPhone", "ios-backup-messages": "iMessage",
            "ios-backup-whatsapp": "WhatsApp",
        ])
    }

    /// An importer of a site's own is named by its format unless it says otherwise.
    @Test func anImporterWithoutANameIsNamedByItsFormat() {
        struct Notes: ExportImporter {
            let format = "notes"
            let expectedShape = "notes"
            func canImport(_ url: URL) -> Bool { false }
            func importConversations(
                from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
            ) throws {}
        }
        #expect(Notes().appName == "notes")
    }
}
