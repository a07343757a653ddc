import Foundation
import TranscriptTestSupport

@testable import TranscriptJSON
@testable import TranscriptModel

/// A helper that needs the model, beside the tests that use it.
extension TestSupport {
    /// Decodes one message from JSON text with the canonical reader's mapping.
    static func message(_ json: String, timeZone: String = "Europe/Berlin") throws -> Message {
        try Message(
            json: JSONParser.parse(json), path: [],
            context: JSONDecodingContext(defaultTimeZone: TimeZone(identifier: timeZone)))
    }
}
