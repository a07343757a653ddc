import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// A message's `components` as DiscordChatExporter writes them: each row of buttons is a line after the message,
/// a link button's label linked to its web address; the other component types hold nothing to show and are no
/// warning; a type DCE does not write, or a field of the wrong type, is a warning with its JSON path.
@Suite struct DiscordComponentsTests {
    static func button(_ label: String?, style: String = "Primary", url: String? = nil, emoji: String = "null") -> String {
        let labelText = label.map { #""\#($0)""# } ?? "null"
        let urlText = url.map { #""\#($0)""# } ?? "null"
        return #"{ "type": "Button", "style": "\#(style)", "label": \#(labelText), "url": \#(urlText), "customId": null, "skuId": null, "isDisabled": false, "emoji": \#(emoji) }"#
    }

    @Test func buttonsAreShownAfterTheMessage() throws {
        let rows = """
            "components": [
                { "type": "ActionRow", "components": [ \(Self.button("Accept")), \(Self.button(nil, emoji: #"{ "id": "", "name": "👍", "code": "thumbsup", "isAnimated": false, "imageUrl": "x.svg" }"#)), \(Self.button("Docs", style: "Link", url: "https://example.org/docs")) ] },
                { "type": "ActionRow", "components": [ { "type": "StringSelect" }, \(Self.button("Party", emoji: #"{ "id": "55", "name": "party", "code": "party", "isAnimated": false, "imageUrl": "y.png" }"#)), \(Self.button("App", style: "Link", url: "discord://open")) ] },
                { "type": "ActionRow", "components": [ { "type": "UserSelect" } ] },
                { "type": "Container", "components": [ { "type": "TextDisplay" }, { "type": "Separator" } ] }
              ]
            """
        let json = DCE.file(messages: [
            DCE.message("30", "2024-03-01T10:00:00+00:00", "Pick one", author: DCE.bot, extra: rows),
            DCE.message("31", "2024-03-01T10:01:00+00:00", "", author: DCE.bot, extra: #""components": [ { "type": "ActionRow", "components": [ \#(Self.button("Only")) ] } ]"#),
            DCE.message("32", "2024-03-01T10:02:00+00:00", "menus", author: DCE.bot, extra: #""components": [ { "type": "ActionRow", "components": [ { "type": "ChannelSelect" } ] } ]"#),
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["30", "30-2", "31", "32"])
        #expect(messages[0].kind == .text("Pick one"))
        #expect(DCE.html(messages[1]) == "<p>Accept · 👍 · <a href=\"https://example.org/docs\">Docs</a></p>\n<p>:party: Party · App (discord://open)</p>\n")
        #expect(DCE.html(messages[2]) == "<p>Only</p>\n")
        #expect(messages[3].kind == .text("menus"))
    }

    @Test func unknownAndWrongTypedComponentsAreWarnedOf() throws {
        let json = DiscordWrongFieldTests.file([
            #"{"id": "10", "type": "Default", "timestamp": "2023-01-06T14:03:03+00:00", "content": "x", "author": {"id": "4", "name": "bot"}, "components": [{"type": "ActionRow", "components": [{"type": "Button", "label": 7, "url": {"href": "https://x.org"}, "emoji": "👍"}, 3, {"type": "Hologram"}]}, {"components": "none"}]}"#,
            #"{"id": "11", "type": "Default", "timestamp": "2023-01-06T14:04:03+00:00", "content": "y", "author": {"id": "4", "name": "bot"}, "components": ["button"]}"#,
        ])
        let run = try ImportRun.run(DiscordImporter(), files: ["general.json": json], input: "general.json")
        #expect(run.warnings == [
            "general.json:2:209: at messages[0].components[0].components[0].label: expected a string, found the number 7; the label is shown as 7",
            "general.json:2:219: at messages[0].components[0].components[0].url: expected a string, found an object; the address is left out; its value is kept in the message's “fields” part",
            "general.json:2:255: at messages[0].components[0].components[0].emoji: expected an object, found the string \"👍\"; it is left out; its value is kept in the message's “fields” part",
            "general.json:2:261: at messages[0].components[0].components[1]: expected a component (an object), found the number 3; it is left out; its value is kept in the message's “fields” part",
            "general.json:2:264: at messages[0].components[0].components[2]: a component of the type \"Hologram\", which this reader does not know; its value is kept in the message's “fields” part",
            "general.json:2:288: at messages[0].components[1]: a component without a type (a string); its value is kept in the message's “fields” part",
            "general.json:2:303: at messages[0].components[1].components: expected a list, found the string \"none\"; they are left out; its value is kept in the message's “fields” part",
            "general.json:3:144: at messages[1].components[0]: expected an object, found the string \"button\"; it is left out; its value is kept in the message's “fields” part",
        ])
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.map(\.id) == ["10", "10-2", "10-fields", "11", "11-fields"])
        #expect(DCE.html(messages[1]) == "<p>7</p>\n")
        #expect(ImportRun.kept(messages[2]) == [
            "components[0].components[0].url": .object(["href": .string("https://x.org")]), "components[0].components[0].emoji": .string("👍"),
            "components[0].components[1]": .number(3), "components[0].components[2]": .object(["type": .string("Hologram")]),
            "components[1]": .object(["components": .string("none")]), "components[1].components": .string("none"),
        ])
        #expect(ImportRun.kept(messages[4]) == ["components[0]": .string("button")])
    }
}
