import Foundation
import TranscriptJSON
import TranscriptModel

/// What the config's `formats:` block says for one format (`formats: {whatsapp: {dateOrder: dayFirst}}`):
/// its keys and values, as YAML gave them. An importer reads its own keys; the config knows no importer.
public struct ImporterOptions: Sendable, Equatable {
    /// The values by key.
    public var values: [String: JSONValue]
    /// The folder relative paths among the values are read from (the site's folder); nil for the current folder.
    public var folder: URL?

    public init(_ values: [String: JSONValue] = [:], folder: URL? = nil) {
        self.values = values
        self.folder = folder
    }

    /// The text at `key`, nil when the key is not given; an error when it holds something else.
    public func string(_ key: String) throws -> String? {
        switch values[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw ImporterOptionError(key: key, message: "expected text, found \(other.kindDescription)")
        }
    }

    /// The file or folder named by the text at `key` (`~/` is the home folder; a relative path is read from
    /// `folder`), nil when the key is not given; an error when it holds something else.
    public func url(_ key: String) throws -> URL? {
        guard let text = try string(key), !text.isEmpty else { return nil }
        let path = (text as NSString).expandingTildeInPath
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return base.appendingPathComponent(path).standardizedFileURL
    }

    /// The whole number at `key`, nil when the key is not given; an error when it holds something else.
    public func integer(_ key: String) throws -> Int? {
        switch values[key] {
        case nil, .null?: return nil
        case .number(let number)? where number.rounded() == number && abs(number) < 1e15: return Int(number)
        case let other?: throw ImporterOptionError(key: key, message: "expected a whole number, found \(other.kindDescription)")
        }
    }
}

/// A bad value in an importer's options: the key and what is wrong (the config's reader adds the file and
/// the path, `formats.whatsapp.dateOrder`).
public struct ImporterOptionError: Error, Sendable {
    public var key: String
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }
}

/// An importer that takes options from the config's `formats:` block, under its format's name.
public protocol ConfigurableImporter: ExportImporter {
    /// The keys it reads; any other key under its name is an error.
    var optionKeys: [String] { get }
    /// This importer with `options` applied; throws `ImporterOptionError` for a bad value.
    func configured(with options: ImporterOptions) throws -> any ExportImporter
}

extension ImporterRegistry {
    /// The registry with each configurable importer given its options (by format name); the others as
    /// they are.
    public func configured(with options: [String: ImporterOptions]) throws -> ImporterRegistry {
        guard !options.isEmpty else { return self }
        return ImporterRegistry(importers: try importers.map { importer in
            guard let configurable = importer as? any ConfigurableImporter, let given = options[importer.format] else {
                return importer
            }
            return try configurable.configured(with: given)
        })
    }
}
