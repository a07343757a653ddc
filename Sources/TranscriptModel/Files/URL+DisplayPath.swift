import Foundation

extension URL {
    /// The path relative to the current folder when it lies inside it, else the absolute path.
    package var relativePathForDisplay: String {
        let path = standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
