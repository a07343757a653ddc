import Foundation

/// How a Messenger or Instagram thread is recognised: by the structure of `message_N.json` (see
/// `JSONOutline`), never by what its strings hold.
extension MessengerImporter {
    public var expectedShape: String {
        "a thread's message_1.json: an object with \"participants\" and \"messages\" whose items have \"sender_name\" and \"timestamp_ms\""
    }

    public func canImport(_ probe: ExportProbe) -> Bool {
        if probe.isFolder {
            let first = probe.url.appendingPathComponent("message_1.json")
            return FileManager.default.fileExists(atPath: first.path) && canImport(ExportProbe(first))
        }
        guard let root = probe.jsonOutline?.root else { return false }
        return Self.isThread(root)
    }

    /// `messages` whose first item has `timestamp_ms` (with a `sender_name` or the thread's `participants`), or
    /// `participants` with Messenger's own keys (`thread_path`, `is_still_participant`). A file cut short in its
    /// list of participants (objects with only a `name`) counts, so that reading it reports where it breaks.
    static func isThread(_ root: JSONOutline.Value) -> Bool {
        guard root.isObject else { return false }
        let keys = Set(root.keys)
        let participants = root["participants"]
        let hasParticipants = participants?.isArray == true
        if hasParticipants, keys.contains("thread_path") || keys.contains("is_still_participant") { return true }
        guard let messages = root["messages"] else {
            // Cut short before the messages: a list of participants by name only.
            guard !root.isComplete, keys == ["participants"], let first = participants?.first else { return false }
            return first.keys == ["name"]
        }
        guard messages.isArray, let first = messages.first else { return false }
        let messageKeys = Set(first.keys)
        return messageKeys.contains("timestamp_ms") && (hasParticipants || messageKeys.contains("sender_name"))
    }
}
