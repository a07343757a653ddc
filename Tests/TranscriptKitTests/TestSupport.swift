import Foundation
@_exported import TranscriptTestSupport

@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSupport

/// The shared helpers that need the model.
extension TestSupport {
    /// The folder of a site's one conversation (`public/c/<folder>`), whatever its name (with pseudonyms, a keyed digest).
    static func onlyConversationFolder(of site: URL) throws -> URL {
        let top = site.appendingPathComponent("public/c")
        let folders = try FileManager.default.contentsOfDirectory(atPath: top.path)
        guard folders.count == 1 else { throw TranscriptsError(file: top.path, message: "\(folders.count) conversation folders") }
        return top.appendingPathComponent(folders[0])
    }

    /// Decodes one message from JSON text with the canonical reader's mapping.
    static func message(_ json: String, timeZone: String = "Europe/Berlin") throws -> Message {
        try Message(
            json: JSONParser.parse(json), path: [],
            context: JSONDecodingContext(defaultTimeZone: TimeZone(identifier: timeZone)))
    }
}
