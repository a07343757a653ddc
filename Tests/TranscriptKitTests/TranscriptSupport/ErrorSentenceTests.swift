import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSupport

/// No raw Foundation text (`Error Domain=… Code=…`) reaches a user: errors become sentences.
@Suite struct ErrorSentenceTests {
    @Test func systemErrorsSayTheirReason() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/folder/file.json")
        do {
            _ = try Data(contentsOf: missing)
            Issue.record("read a file that does not exist")
        } catch {
            #expect("\(error)".contains("Error Domain"))  // what used to reach users
            let sentence = TranscriptsError.sentence(for: error)
            #expect(!sentence.contains("Error Domain") && !sentence.contains("Code="))
            #expect(["No such file or directory", "The file doesn’t exist."].contains(sentence), "\(sentence)")
        }
        #expect(TranscriptsError.sentence(for: POSIXError(.EACCES)) == "Permission denied")
        #expect(TranscriptsError.sentence(for: TranscriptsError(file: "a.json", line: 3, message: "bad")) == "a.json:3: bad")
    }

    @Test func aFailedBuildSaysSoInASentence() throws {
        let site = try TestSupport.makeSite(conversations: ["c.json": TestSupport.conversation(messages: [])])
        let result = try TranscriptsCommandTests().run(["build", site.path, "--output", "/dev/null/site"])
        #expect(result.status == 1)
        #expect(!result.errors.contains("Error Domain"))
        #expect(result.errors.hasPrefix("error: /dev/null: cannot create the output folder ("), "\(result.errors)")
    }
}
