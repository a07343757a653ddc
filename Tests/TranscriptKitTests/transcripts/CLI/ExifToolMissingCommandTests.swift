import Foundation
import Testing
import TranscriptTestSupport

/// `transcripts build` on a machine without exiftool, with a video to publish: the build fails, names the file
/// and says how to install exiftool, and the previous output stays as it was.
@Suite struct ExifToolMissingCommandTests {
    @Test func theBuildFailsNamingTheFileAndThePreviousOutputStays() throws {
        let site = try MediaSite.make(count: 1)
        let command = TranscriptsCommandTests()
        let first = try command.run(["build", site.path, "--quiet"])
        #expect(first.status == 0, "\(first.errors)")
        let public_ = site.appendingPathComponent("public")
        let before = try MediaSite.files(in: public_)
        // The next messages name videos, and exiftool is not where the variable says.
        try TestSupport.write(["conversations/chat.json": TestSupport.conversation(messages: Array(MediaSite.messages.prefix(3)))], in: site)
        let failed = try command.run(["build", site.path], environment: ["TRANSCRIPTS_EXIFTOOL": "/nonexistent/exiftool"])
        #expect(failed.status != 0)
        #expect(failed.errors.contains(
            "conversations/chat.json: media/photo.heic: its metadata (such as a location) is removed by exiftool, which cannot be run: "
                + "TRANSCRIPTS_EXIFTOOL names /nonexistent/exiftool, which is not a program this machine can run"), "\(failed.errors)")
        #expect(failed.errors.contains("apt-get install libimage-exiftool-perl") && failed.errors.contains("brew install exiftool"))
        #expect(failed.errors.contains("privacy.stripMetadata: false"))
        #expect(try MediaSite.files(in: public_) == before)
        // Nor on the PATH.
        let none = try command.run(["build", site.path], environment: ["PATH": "/nonexistent"])
        #expect(none.status != 0)
        #expect(none.errors.contains("media/photo.heic: its metadata (such as a location) is removed by exiftool, which cannot be run: exiftool is not installed"), "\(none.errors)")
        // Turned off, the build needs no exiftool.
        try TestSupport.write(["transcripts.yml": "privacy:\n  stripMetadata: false\n"], in: site)
        let off = try command.run(["build", site.path, "--quiet"], environment: ["TRANSCRIPTS_EXIFTOOL": "/nonexistent/exiftool"])
        #expect(off.status == 0, "\(off.errors)")
    }
}
