import TranscriptModel

/// One message of a WhatsApp database (iOS's `ChatStorage.sqlite` or Android's `msgstore.db`), as the
/// platform's reader makes it of its rows, before `WhatsAppChatAssembler` gives it its id.
struct WhatsAppDatabaseMessage {
    /// The row's key in its table (`Z_PK`, `_id`), for warnings.
    var rowID: Int64
    /// WhatsApp's id of the message (`ZSTANZAID`, `key_id`), which quotes point at.
    var keyID: String?
    /// Whether the owner of the phone sent it.
    var fromMe: Bool
    /// The sender's jid when not the owner: a group member's, or the other person's of a direct chat; nil for
    /// messages of nobody (events).
    var senderJID: String?
    var date: Timestamp
    var kind: MessageKind
    /// Deleted for everyone: shown as deleted, in its place.
    var deleted = false
    /// The `keyID` of the message this one quotes (a reply).
    var quotedKeyID: String?
    /// The reactions on this message (Android's `message_add_on_reaction`), the reactors by jid (nil: the owner).
    var reactions: [(emoji: String, jid: String?)] = []
}

/// A chat of a WhatsApp database: its jid and what the database calls it.
struct WhatsAppDatabaseChat {
    /// `491511234567@s.whatsapp.net` (a person), `1203…@g.us` (a group), `status@broadcast`, …
    var jid: String
    /// The group's subject, or the contact's name as the phone showed it.
    var name: String?
    var isGroup: Bool
    /// The row's key, for warnings.
    var rowID: Int64
}
