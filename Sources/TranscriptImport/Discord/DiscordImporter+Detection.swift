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

    /// Whether a file is a DCE export: a JSON object whose `guild` and `channel` are objects (a file cut short
    /// after them counts, so that reading it reports where it breaks).
    static func isExportFile(_ probe: ExportProbe) -> Bool {
        guard let root = probe.jsonOutline?.root, root.isObject else { return false }
        guard root["guild"]?.isObject == true, root["channel"]?.isObject == true else { return false }
        return root["messages"].map { $0.isArray } ?? !root.isComplete
    }

    static func isExportFile(_ url: URL) -> Bool { isExportFile(ExportProbe(url)) }
}
