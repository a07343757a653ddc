import Foundation
import Yams

/// Reads `transcripts.yml`.
public enum ConfigurationLoader {
    /// The config's default file name in a site folder.
    public static let fileName = "transcripts.yml"

    /// Reads the config at `url`; `required` says whether a missing file is an error (else: defaults).
    public static func load(from url: URL, required: Bool) throws -> SiteConfiguration {
        let path = url.relativePathForDisplay
        guard FileManager.default.fileExists(atPath: url.path) else {
            if required { throw TranscriptsError(file: path, message: "the config file does not exist") }
            return SiteConfiguration()
        }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw TranscriptsError(file: path, message: "cannot read the config file as UTF-8 text")
        }
        return try parse(text, displayPath: path)
    }

    /// Parses config text; errors name `displayPath` and the key.
    public static func parse(_ text: String, displayPath: String) throws -> SiteConfiguration {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return SiteConfiguration() }
        do {
            return try YAMLDecoder().decode(SiteConfiguration.self, from: text)
        } catch let error as YamlError {
            throw TranscriptsError(file: displayPath, message: "not valid YAML: \(error)")
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, let yaml = context.underlyingError as? YamlError {
                throw TranscriptsError(file: displayPath, message: "not valid YAML: \(yaml)")
            }
            throw TranscriptsError(decoding: error, file: displayPath)
        }
    }
}

extension URL {
    /// The path relative to the current folder when it lies inside it, else the absolute path.
    var relativePathForDisplay: String {
        let path = standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
