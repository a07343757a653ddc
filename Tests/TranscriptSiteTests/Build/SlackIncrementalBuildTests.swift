import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptSite

/// Incremental builds of a Slack workspace export: an edit of one channel's day files reads that channel alone,
/// and the site is what a clean build writes.
@Suite struct SlackIncrementalBuildTests {
    /// A workspace with the channels general (two day files) and random (one).
    static func export(random text: String = "random one") -> [String: String] {
        func message(_ user: String, _ text: String, _ ts: Int) -> String {
            #"{"type":"message","user":"\#(user)","text":"\#(text)","ts":"\#(ts).000100"}"#
        }
        return [
            "slack/users.json": SlackTestSupport.defaultUsers,
            "slack/channels.json": #"[{"id":"C1","name":"general","members":["U1","U2"]},{"id":"C2","name":"random"}]"#,
            "slack/general/2024-05-03.json": "[" + message("U1", "general one", 1_714_723_200) + "," + message("U2", "general two", 1_714_723_260) + "]",
            "slack/general/2024-05-04.json": "[" + message("U1", "general three", 1_714_809_600) + "]",
            "slack/random/2024-05-03.json": "[" + message("U2", text, 1_714_723_300) + "]",
        ]
    }

    static func read(_ summary: BuildSummary) -> [String: Int] {
        summary.stages.first { $0.name == "read" }?.counts ?? [:]
    }

    @Test func anEditedChannelIsTheOnlyOneParsed() throws {
        let site = try TestSupport.makeSite(conversations: Self.export())
        try IncrementalBuildTests.settle(site)
        try IncrementalBuildTests.build(site)
        // random's day file edited: general is taken over without being parsed.
        try TestSupport.write(["conversations/slack/random/2024-05-03.json": Self.export(random: "random, edited")["slack/random/2024-05-03.json"]!], in: site)
        try IncrementalBuildTests.settle(site)
        let edited = try IncrementalBuildTests.buildMatchesCleanBuild(site)
        #expect(Self.read(edited)["conversations taken over unread"] == 1)
        #expect(Self.read(edited)["conversations"] == 1 && Self.read(edited)["messages"] == 1)
        #expect(edited.conversationsReused == 1)

        // A file appears in general's attachments (a message's file may now be linked): general is read again.
        try TestSupport.write(["conversations/slack/general/attachments/F1-notes.txt": "notes"], in: site)
        try IncrementalBuildTests.settle(site)
        let attached = try IncrementalBuildTests.buildMatchesCleanBuild(site)
        #expect(Self.read(attached)["conversations taken over unread"] == 1)
        #expect(Self.read(attached)["messages"] == 3)

        // The users' list changed: every channel is read again (names come from it).
        try TestSupport.write(["conversations/slack/users.json": SlackTestSupport.defaultUsers.replacingOccurrences(of: "annie", with: "ann-marie")], in: site)
        try IncrementalBuildTests.settle(site)
        let renamed = try IncrementalBuildTests.buildMatchesCleanBuild(site)
        #expect(Self.read(renamed)["conversations taken over unread"] == nil)
        #expect(Self.read(renamed)["messages"] == 4)
    }

    /// A day file added to a channel (a later export of the workspace over the same folder) is read with it.
    @Test func anAddedDayFileReadsItsChannel() throws {
        let site = try TestSupport.makeSite(conversations: Self.export())
        try IncrementalBuildTests.settle(site)
        try IncrementalBuildTests.build(site)
        try TestSupport.write([
            "conversations/slack/random/2024-05-05.json": #"[{"type":"message","user":"U1","text":"later","ts":"1714896000.000100"}]"#,
        ], in: site)
        try IncrementalBuildTests.settle(site)
        let added = try IncrementalBuildTests.buildMatchesCleanBuild(site)
        #expect(Self.read(added)["conversations taken over unread"] == 1)
        #expect(Self.read(added)["messages"] == 2)
    }
}
