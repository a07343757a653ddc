import Foundation
import TranscriptModel

/// Reads WhatsApp for iOS's `ChatStorage.sqlite` into conversations, one per chat with messages, in the order
/// of the chats' rows. Its media files are found through `media` (in an iPhone backup: WhatsApp's app group's
/// `Message/` folder), relative to `mediaFolder`.
struct WhatsAppIOSReader {
    let database: WhatsAppIOSDatabase
    let media: WhatsAppMediaLocator
    let mediaFolder: URL
    /// Names known from elsewhere (the app group's `ContactsV2.sqlite`), before the database's own.
    var names = WhatsAppNames()

    func read(context: ImportContext, _ body: (ImportedConversation) throws -> Void) throws {
        var names = self.names
        try database.names(into: &names)
        let me = context.me.first ?? "me"
        let assembler = WhatsAppChatAssembler(names: names, me: me)
        let displayPath = database.database.displayPath
        for chat in try database.chats() {
            var notes = WhatsAppIOSMessageKinds.Notes()
            var rows: [WhatsAppDatabaseMessage] = []
            try database.messages(inChat: chat.rowID) { row in
                rows.append(WhatsAppIOSMessageKinds.message(row, chat: chat, media: media, names: names, me: me, notes: &notes))
            }
            guard let conversation = assembler.conversation(chat, rows) else { continue }
            let what = "\(displayPath): chat \(chat.rowID) (ZWACHATSESSION)"
            var warnings: [String] = []
            if let warning = WhatsAppDatabaseWarnings.unknown(notes.unknown, table: "ZWAMESSAGE", key: "Z_PK", in: what) {
                warnings.append(warning)
            }
            if let backupFiles = media.backupFiles, let warning = backupFiles.warning(notes.missingFiles, in: what) {
                warnings.append(warning)
            }
            try body(ImportedConversation(conversation: conversation, mediaFolder: mediaFolder, warnings: warnings))
        }
    }
}

/// The warnings of WhatsApp's database readers.
enum WhatsAppDatabaseWarnings {
    /// The warning for the rows of a chat of kinds transcripts does not know (each `(what, rowID)`), naming the
    /// first five; nil when there are none.
    static func unknown(_ rows: [(what: String, rowID: Int64)], table: String, key: String, in what: String) -> String? {
        guard !rows.isEmpty else { return nil }
        let listed = rows.prefix(5).map { "\($0.what) (\(table) \(key) \($0.rowID))" }.joined(separator: ", ")
        let count = rows.count == 1 ? "1 message is of a kind" : "\(rows.count) messages are of kinds"
        return "\(what): \(count) transcripts does not know, shown as unsupported: \(listed)\(rows.count > 5 ? ", ..." : "")"
    }
}
