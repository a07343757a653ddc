import Foundation
import TranscriptJSON
import TranscriptModel

/// What detection looks at in a file or folder, read once and shared by every importer asked whether it is
/// theirs (`ExportImporter.canImport(_:)`): whether it is a folder and, for a JSON file, its outline.
public final class ExportProbe {
    /// The file or folder.
    public let url: URL

    public init(_ url: URL) { self.url = url }

    /// Whether `url` is a folder (false when it does not exist).
    public private(set) lazy var isFolder: Bool = {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }()

    /// Whether the name ends in `.json`.
    var isJSONFile: Bool { url.pathExtension.lowercased() == "json" && !isFolder }

    /// The outline of a `.json` file (nil for other names, folders and files that cannot be read).
    private(set) lazy var jsonOutline: JSONOutline? = {
        guard isJSONFile, let file = MappedFile(path: url.path) else { return nil }
        return withExtendedLifetime(file) { JSONOutline(file.bytes) }
    }()
}
