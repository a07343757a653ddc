import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSupport
import Yams

/// Reads `transcripts.yml`.
public enum ConfigurationLoader {
    /// The config's default file name in a site folder.
    public static let fileName = "transcripts.yml"

    /// Reads the config at `url`; `required` says whether a missing file is an error (else: defaults).
    public static func load(from url: URL, required: Bool, registry: ImporterRegistry = .builtIn) throws -> SiteConfiguration {
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
        return try parse(text, displayPath: path, registry: registry)
    }

    /// Parses config text; errors name `displayPath` and the key. The `formats:` block is checked against
    /// the importers of `registry`.
    public static func parse(_ text: String, displayPath: String, registry: ImporterRegistry = .builtIn) throws -> SiteConfiguration {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return SiteConfiguration() }
        do {
            return try YAMLDecoder().decode(SiteConfiguration.self, from: text, userInfo: [.importerRegistry: registry])
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
