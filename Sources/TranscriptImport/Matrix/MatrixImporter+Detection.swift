import Foundation

/// How Element's export of a room is recognised: by the structure of its JSON (see `JSONOutline`), never by
/// what its strings hold.
extension MatrixImporter {
    public var expectedShape: String {
        "Element's JSON export of a room: an object with \"room_name\", \"room_creator\", \"exported_by\" and \"messages\" (events with \"event_id\", \"type\" and \"origin_server_ts\")"
    }

    public func canImport(_ probe: ExportProbe) -> Bool {
        guard let root = probe.jsonOutline?.root else { return false }
        return Self.isRoom(root)
    }

    /// Element's own keys (`room_creator`, `exported_by`), or `messages` whose first item is a Matrix event
    /// (`origin_server_ts` with `event_id`, or with a `type` in the `m.` namespace).
    static func isRoom(_ root: JSONOutline.Value) -> Bool {
        guard root.isObject else { return false }
        let keys = Set(root.keys)
        let messages = root["messages"]
        if keys.contains("room_creator") || keys.contains("exported_by") {
            return messages?.isArray == true || (messages == nil && !root.isComplete)
        }
        guard let first = messages?.first else { return false }
        let eventKeys = Set(first.keys)
        guard eventKeys.contains("origin_server_ts") else { return false }
        return eventKeys.contains("event_id") || first["type"]?.text?.hasPrefix("m.") == true
    }
}
