import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

@Suite struct ContentMessageIDsTests {
    func message(_ sender: String?, _ seconds: Double, _ kind: MessageKind, deleted: Bool = false) -> Message {
        Message(id: "line", sender: sender, date: Timestamp(secondsSince1970: seconds), kind: kind, deleted: deleted)
    }

    @Test func anIDIsTwelveCharactersOfBase32AndStaysTheSame() {
        var messages = [message("Ann", 1_700_000_000, .text("hi"))]
        ContentMessageIDs.assign(to: &messages)
        // Pinned: a change of the identity moves every published address of WhatsApp, Signal and IRC messages.
        #expect(messages[0].id == "ajijqvo5ulff")
        #expect(messages[0].id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x32...0x37).contains($0) })
    }

    @Test func theSecondsOfAMinuteDoNotChangeTheID() {
        var withSeconds = [message("Ann", 1_700_000_000 - 1_700_000_000.truncatingRemainder(dividingBy: 60) + 42, .text("hi"))]
        var withoutSeconds = [message("Ann", 1_700_000_000 - 1_700_000_000.truncatingRemainder(dividingBy: 60), .text("hi"))]
        ContentMessageIDs.assign(to: &withSeconds)
        ContentMessageIDs.assign(to: &withoutSeconds)
        #expect(withSeconds[0].id == withoutSeconds[0].id)
    }

    @Test func equalMessagesAreCountedAndOthersDoNotShiftThem() {
        var long = [
            message(nil, 0, .system(SystemEvent(event: .other, text: "Messages and calls are end-to-end encrypted."))),
            message("Ann", 60, .text("ok")), message("Bob", 60, .text("ok")), message("Ann", 60, .text("ok")),
        ]
        var short = Array(long.dropFirst())
        ContentMessageIDs.assign(to: &long)
        ContentMessageIDs.assign(to: &short)
        #expect(Array(long.dropFirst()).map(\.id) == short.map(\.id))
        #expect(Set(short.map(\.id)).count == 3)
    }

    @Test func mediaIsMediaWhetherTheExportHasTheFileOrNot() {
        var attached = [message("Ann", 60, .photo(MediaItem(file: "IMG-1.jpg", caption: "look")))]
        var omitted = [message("Ann", 60, .file(MediaItem()))]
        ContentMessageIDs.assign(to: &attached)
        ContentMessageIDs.assign(to: &omitted)
        #expect(attached[0].id == omitted[0].id)
    }

    @Test func repliesFollowTheNewIDs() {
        var messages = [message("Ann", 0, .text("question")), message("Bob", 60, .text("answer"))]
        messages[1].replyTo = "line"
        messages[0].id = "1"
        messages[1].replyTo = "1"
        ContentMessageIDs.assign(to: &messages)
        #expect(messages[1].replyTo == messages[0].id)
        #expect(messages[0].id != "1")
    }
}
