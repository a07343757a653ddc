import Foundation

/// How a DiscordChatExporter export is recognised: by the structure of its JSON (see `JSONOutline`), never by
/// what its strings hold.
extension DiscordImporter {
    public var expectedShape: String {
        "a DiscordChatExporter JSON file, an object with \"guild\", \"channel\" and \"messages\" (or a folder of them)"
    }

    public func canImport(_ probe: ExportProbe) -> Bool {
        probe.isFolder ? Self.exportFiles(in: probe.url) != nil : Self.isExportFile(probe)
    }

    /// Whether a file is a DCE export: a JSON object whose `guild` and `channel` are objects. One cut short after
    /// them, or without a list of `messages`, counts, so that reading it says where it is wrong.
    static func isExportFile(_ probe: ExportProbe) -> Bool {
        guard let root = probe.jsonOutline?.root, root.isObject else { return false }
        return root["guild"]?.isObject == true && root["channel"]?.isObject == true
    }

    static func isExportFile(_ url: URL) -> Bool { isExportFile(ExportProbe(url)) }
}
