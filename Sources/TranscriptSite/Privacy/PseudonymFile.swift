import Crypto
import Foundation
import TranscriptModel
import TranscriptSupport
import Yams

/// `pseudonyms.yml` beside the config, written by a build with `privacy.pseudonymize`: the pseudonym each person of
/// the config's `people:` was given ("Person 3"), so that everyone keeps theirs from build to build whatever the
/// config's order becomes, and the key that names the site's folders (so that no folder name tells a chat id). It
/// names real people: it belongs beside the config, never in the output.
struct PseudonymFile: Equatable, Sendable {
    static let fileName = "pseudonyms.yml"

    /// Pseudonyms by the person's name in the config.
    var people: [String: String]
    /// 64 hex digits: the key of the folders' names.
    var key: String

    /// The file at `url`, or nil when there is none; a file that is not one is an error naming it.
    static func load(from url: URL) throws -> PseudonymFile? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let shown = url.relativePathForDisplay
        guard let text = try? String(contentsOf: url, encoding: .utf8),
              let node = try? Yams.compose(yaml: text), case .mapping(let mapping) = node,
              let key = mapping["key"]?.string, key.count == 64, key.allSatisfy(\.isHexDigit)
        else {
            throw TranscriptsError(
                file: shown, message: "not a pseudonym file (a \"key\" of 64 hex digits and \"people\"); remove it to start anew")
        }
        var people: [String: String] = [:]
        if let list = mapping["people"] {
            guard case .mapping(let entries) = list else {
                throw TranscriptsError(file: shown, path: "people", message: "not a map of names to pseudonyms")
            }
            for (name, pseudonym) in entries {
                guard let name = name.string, let pseudonym = pseudonym.string, !pseudonym.isEmpty else {
                    throw TranscriptsError(file: shown, path: "people", message: "not a map of names to pseudonyms")
                }
                people[name] = pseudonym
            }
        }
        return PseudonymFile(people: people, key: key.lowercased())
    }

    /// A new file with a random key and no people.
    static func new() -> PseudonymFile {
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { bytes in bytes.map { String(format: "%02x", $0) }.joined() }
        return PseudonymFile(people: [:], key: key)
    }

    /// Gives each of `names` that has no pseudonym "Person N", numbered on from the highest number given (in the
    /// order of `names`, the config's).
    mutating func assign(_ names: [String]) {
        var next = highestNumber + 1
        for name in names where people[name] == nil {
            people[name] = "Person \(next)"
            next += 1
        }
    }

    /// The highest N of the "Person N" pseudonyms given, 0 when none.
    var highestNumber: Int {
        people.values.compactMap { $0.hasPrefix("Person ") ? Int($0.dropFirst(7)) : nil }.max() ?? 0
    }

    /// The file's text: a comment, the key and the people in order of their names.
    var text: String {
        var lines = [
            "# The pseudonyms privacy.pseudonymize gave the people of transcripts.yml, so that each keeps theirs from",
            "# build to build, and the key that names the site's folders. It names real people: keep it beside the",
            "# config (in the same private place), never in the output. A pseudonym may be changed here.",
            "key: \(key)",
        ]
        if people.isEmpty {
            lines.append("people: {}")
        } else {
            lines.append("people:")
            for name in people.keys.sorted() {
                lines.append("  \(StarterConfig.quoted(name)): \(StarterConfig.quoted(people[name]!))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A folder name for `text` that tells nothing of it without the key: 16 hex digits of a keyed digest.
    func folderName(for text: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: SymmetricKey(data: Self.bytes(ofHex: key)))
        return code.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    private static func bytes(ofHex hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
