import Foundation
import TranscriptSearch

/// How a protected site stores its files (see docs/protect.md):
/// - a page (`.html`) becomes a locked page: the passphrase form, with the sealed page inside it;
/// - a search index file (`search/….js`) becomes a script that hands its sealed data to the page;
/// - a feed (`.xml`) and, unless `protect.media` is false, a media file become such a script beside them
///   (`media/x.png.js`);
/// - the rest (assets, `appearances.css`, `robots.txt`, `protection.json`) stays as made: it holds nothing of
///   the conversations.
struct SealedOutput: OutputSealing {
    let sealer: FileSealer
    let sealsMedia: Bool
    /// Makes a locked page: from the relative path to the site's top folder and the sealed page (base64).
    let lockedPage: (_ root: String, _ sealed: String) throws -> String
    let fingerprint: String

    /// What a file becomes.
    enum Form: Equatable {
        case asMade
        case page
        /// A search index file, with its name (`t/0`) in the index.
        case index(name: String)
        /// A file loaded as a script of its own (`PATH.js`).
        case resource
    }

    func form(of path: String) -> Form {
        if path.hasSuffix(".html") { return .page }
        if path.hasPrefix("search/"), path.hasSuffix(".js") { return .index(name: String(path.dropFirst(7).dropLast(3))) }
        if path.hasPrefix("media/") { return sealsMedia ? .resource : .asMade }
        if path.hasSuffix(".xml") { return .resource }
        return .asMade
    }

    func storedPath(_ path: String) -> String {
        form(of: path) == .resource ? path + ".js" : path
    }

    func storesAsMade(_ path: String) -> Bool {
        form(of: path) == .asMade
    }

    func stored(_ bytes: [UInt8], madeAt path: String) throws -> [UInt8] {
        switch form(of: path) {
        case .asMade:
            return bytes
        case .page:
            let root = String(repeating: "../", count: path.reduce(0) { $0 + ($1 == "/" ? 1 : 0) })
            return Array(try lockedPage(root, try sealedBase64(bytes, path: path)).utf8)
        case .index(let name):
            guard let payload = SearchIndexFormat.payload(of: bytes, name: name) else {
                preconditionFailure("\(path) is not a search index file as SearchIndexFormat writes them")
            }
            return Array(Self.script(path: path, sealed: try sealedBase64(Array(payload), path: path)).utf8)
        case .resource:
            return Array(Self.script(path: path, sealed: try sealedBase64(bytes, path: path)).utf8)
        }
    }

    func made(fromStored bytes: [UInt8], at path: String) -> [UInt8]? {
        switch form(of: path) {
        case .asMade:
            return bytes
        case .page:
            guard let start = bytes.firstRange(of: Array(Self.pageDataMark.utf8))?.upperBound,
                  let end = bytes[start...].firstIndex(of: UInt8(ascii: "<"))
            else { return nil }
            return open(bytes[start..<end])
        case .index(let name):
            guard let json = scriptPayload(bytes, path: path).flatMap(open) else { return nil }
            return Array(SearchIndexFormat.file(name: name, json: String(decoding: json, as: UTF8.self)).utf8)
        case .resource:
            return scriptPayload(bytes, path: path).flatMap(open)
        }
    }

    /// The start of the element a locked page keeps the sealed page in (the `locked` template writes it).
    static let pageDataMark = "<script type=\"application/octet-stream\" id=\"sealed-page\">"

    /// A sealed file's script: it hands the data to `assets/unlock.js`.
    static func script(path: String, sealed: String) -> String {
        "transcriptsSealed(" + JavaScriptText.string(path) + ",\"" + sealed + "\");\n"
    }

    private func sealedBase64(_ bytes: [UInt8], path: String) throws -> String {
        Data(try sealer.seal(bytes, path: path)).base64EncodedString()
    }

    private func scriptPayload(_ bytes: [UInt8], path: String) -> ArraySlice<UInt8>? {
        let prefix = Array(("transcriptsSealed(" + JavaScriptText.string(path) + ",\"").utf8)
        let suffix = Array("\");\n".utf8)
        guard bytes.count >= prefix.count + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        return bytes[prefix.count..<(bytes.count - suffix.count)]
    }

    private func open(_ base64: ArraySlice<UInt8>) -> [UInt8]? {
        guard let sealed = Data(base64Encoded: Data(base64)) else { return nil }
        return sealer.open(sealed)
    }
}
