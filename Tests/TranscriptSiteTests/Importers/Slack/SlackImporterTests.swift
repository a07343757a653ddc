import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSearch
@testable import TranscriptSupport

/// The Slack importer's rules, each on a small export of its own.
@Suite struct SlackImporterTests {
    typealias Support = SlackTestSupport

    // MARK: The workspace

    @Test func recognisesExportFolders() throws {
        let export = try Support.export(["users.json": "[]"])
        #expect(SlackImporter().canImport(export))
        let channelsOnly = try Support.export(["channels.json": "[]"])
        #expect(SlackImporter().canImport(channelsOnly))
        let other = try Support.export(["general/2024-05-03.json": "[]", "notes.json": "{}"])
        #expect(!SlackImporter().canImport(other))
        #expect(!SlackImporter().canImport(export.appendingPathComponent("users.json")))
    }

    @Test func everyKindOfConversation() throws {
        let conversations = try Support.conversations(
            [
                "users.json": Support.defaultUsers,
                "channels.json": #"[{"id":"C1","name":"general","members":["U1","U2"]},{"id":"C9","name":"empty"}]"#,
                "groups.json": #"[{"id":"G1","name":"secret","members":["U1"]}]"#,
                "mpims.json": #"[{"id":"G2","name":"mpdm-annie--bo--me-1","members":["UME","U1","U2"]}]"#,
                "dms.json": #"[{"id":"D1","members":["UME","U2"]}]"#,
                "general/2024-05-03.json": #"[{"type":"message","user":"U1","text":"hi","ts":"1714730000.000100"}]"#,
                "secret/2024-05-03.json": #"[{"type":"message","user":"U1","text":"psst","ts":"1714730001.000100"}]"#,
                "mpdm-annie--bo--me-1/2024-05-03.json": #"[{"type":"message","user":"U2","text":"all","ts":"1714730002.000100"}]"#,
                "D1/2024-05-03.json": #"[{"type":"message","user":"UME","text":"just us","ts":"1714730003.000100"}]"#,
                "unlisted/2024-05-03.json": #"[{"type":"message","user":"U2","text":"?","ts":"1714730004.000100"}]"#,
                "notes/readme.json": "[]",
            ], me: ["UME"])
        // Listed order (channels, private channels, group messages, direct messages), then unlisted folders; a
        // channel without a folder has no messages and is left out.
        #expect(conversations.map(\.id) == ["C1", "G1", "G2", "D1", "unlisted"])
        #expect(conversations.map(\.title) == ["#general", "#secret", "annie, Bo Berg", "Bo Berg", "#unlisted"])
        #expect(conversations.map(\.kind) == [.channel, .group, .group, .direct, .channel])
        // A channel's participants are those seen in it; a direct or group message's are its members.
        #expect(conversations[0].participants == [Participant(id: "U1", name: "annie")])
        #expect(conversations[2].participants.map(\.id) == ["UME", "U1", "U2"])
        #expect(conversations[3].participants.map(\.id) == ["UME", "U2"])
        #expect(conversations[3].participants[0].name == "UME")
    }

    @Test func missingAndEmptyListsAreFine() throws {
        // No users.json, an empty channels.json, a blank groups.json: names are ids, folders are channels.
        let conversations = try Support.conversations([
            "channels.json": "[]", "groups.json": "", "dms.json": "  \n",
            "general/2024-05-03.json": #"[{"type":"message","user":"U7","text":"<@U7> here","ts":"1714730000.000100"}]"#,
            "general/2024-05-04.json": "[]",
        ])
        #expect(conversations.map(\.id) == ["general"])
        #expect(conversations[0].participants == [Participant(id: "U7", name: "U7")])
        #expect(Support.html(conversations[0].messages[0]) == "<p><span class=\"mention\">@U7</span> here</p>\n")
    }

    @Test func userNamesPreferDisplayThenRealThenUserName() throws {
        let users = """
            [{"id":"U1","name":"ann","real_name":"Ann Lee","profile":{"display_name":"annie"}},
             {"id":"U2","name":"bo","profile":{"display_name":"","real_name":"Bo Berg"}},
             {"id":"U3","name":"cy"},
             {"id":"U4"},
             {"id":"U5","name":"bot","is_bot":true,"profile":{"bot_id":"B5","real_name":"Deploy"}}]
            """
        let messages = try Support.messages(
            [#"{"type":"message","user":"U1","text":"<@U1> <@U2> <@U3> <@U4> <@U5>","ts":"1.0"}"#,
             #"{"type":"message","subtype":"bot_message","bot_id":"B5","text":"done","ts":"2.0"}"#], users: users)
        #expect(Support.html(messages[0]) == """
            <p><span class="mention">@annie</span> <span class="mention">@Bo Berg</span> <span class="mention">@cy</span> <span class="mention">@U4</span> <span class="mention">@Deploy</span></p>

            """)
        #expect(messages[1].sender == "B5")
    }

    // MARK: Messages

    @Test func timestampsStayExactStrings() throws {
        let messages = try Support.messages([
            #"{"type":"message","user":"U1","text":"a","ts":"1458972985.000010","edited":{"user":"U1","ts":"1458981134.000000"}}"#,
            #"{"type":"message","user":"U1","text":"b","ts":"1700000000.100000"}"#,
            #"{"type":"message","user":"U1","text":"c","ts":"1700000000.100000"}"#,
        ])
        #expect(messages.map(\.id) == ["1458972985.000010", "1700000000.100000", "1700000000.100000-dup"])
        #expect(messages[0].date == Timestamp(secondsSince1970: 1458972985.00001, utcOffset: 0))
        #expect(messages[0].date.iso8601.hasPrefix("2016-03-26T06:16:25"))
        #expect(messages[0].edited == Timestamp(secondsSince1970: 1458981134, utcOffset: 0))
        #expect(messages[1].date.utcOffset == 0)
    }

    @Test func threadsAcrossDayFiles() throws {
        let conversations = try Support.conversations([
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-05-03.json": #"""
                [{"type":"message","user":"U1","text":"parent","ts":"1714730000.000100","thread_ts":"1714730000.000100","reply_count":3},
                 {"type":"message","user":"U2","text":"first","ts":"1714730100.000200","thread_ts":"1714730000.000100","parent_user_id":"U1"}]
                """#,
            "general/2024-05-04.json": #"""
                [{"type":"message","user":"U2","text":"next day","ts":"1714816400.000300","thread_ts":"1714730000.000100","parent_user_id":"U1"},
                 {"type":"message","subtype":"thread_broadcast","user":"U1","text":"for all","ts":"1714816500.000400","thread_ts":"1714730000.000100","root":{"ts":"1714730000.000100"}},
                 {"type":"message","user":"U1","text":"unrelated","ts":"1714816600.000500"}]
                """#,
        ])
        let messages = conversations[0].messages
        #expect(messages.map(\.id) == ["1714730000.000100", "1714730100.000200", "1714816400.000300", "1714816500.000400", "1714816600.000500"])
        #expect(messages.map(\.thread) == [nil, "1714730000.000100", "1714730000.000100", "1714730000.000100", nil])
        #expect(MessageRowBuilder.threads(of: messages)["1714730000.000100"]?.count == 3)
    }

    @Test func reactions() throws {
        let messages = try Support.messages([
            #"{"type":"message","user":"U1","text":"yay","ts":"1.0","reactions":[{"name":"+1","users":["U2","U3"],"count":2},{"name":"+1::skin-tone-2","users":["U1"],"count":1},{"name":"partyparrot","users":["U2"],"count":5}]}"#
        ])
        #expect(messages[0].reactions == [
            Reaction(emoji: "👍", by: ["U2", "U3"], count: 2), Reaction(emoji: "👍🏻", by: ["U1"]),
            Reaction(emoji: ":partyparrot:", by: ["U2"], count: 5),
        ])
        let conversations = try Support.conversations([
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-05-03.json": #"[{"type":"message","user":"U1","text":"x","ts":"1.0","reactions":[{"name":"wave::skin-tone-4","users":["U3"]}]}]"#,
        ])
        #expect(conversations[0].messages[0].reactions == [Reaction(emoji: "👋🏽", by: ["U3"], count: 1)])
        // Those who reacted are participants.
        #expect(conversations[0].participants.map(\.id) == ["U1", "U3"])
    }

    @Test func botMessages() throws {
        let messages = try Support.messages([
            #"{"type":"message","subtype":"bot_message","bot_id":"B1","username":"CI","text":"build *passed*","ts":"1.0"}"#,
            #"{"type":"message","subtype":"bot_message","bot_id":"B2","bot_profile":{"name":"Jira"},"text":"ticket","ts":"2.0"}"#,
            #"{"type":"message","subtype":"bot_message","username":"webhook","text":"ping","ts":"3.0"}"#,
        ])
        #expect(messages.map(\.sender) == ["B1", "B2", "webhook"])
        #expect(Support.html(messages[0]) == "<p>build <strong>passed</strong></p>\n")
        let conversations = try Support.conversations([
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-05-03.json": #"""
                [{"type":"message","subtype":"bot_add","user":"U1","bot_id":"B3","text":"added an integration to this channel: <https://t.slack.com/services/B3|github>","ts":"1.0"},
                 {"type":"message","subtype":"bot_message","bot_id":"B3","text":"","attachments":[{"fallback":"1 new commit"}],"ts":"2.0"},
                 {"type":"message","subtype":"bot_message","bot_id":"B1","username":"CI","text":"ok","ts":"3.0"}]
                """#,
        ])
        #expect(conversations[0].participants == [
            Participant(id: "U1", name: "U1"), Participant(id: "B3", name: "github"), Participant(id: "B1", name: "CI"),
        ])
        #expect(Support.system(conversations[0].messages[0]) == SystemEvent(event: .botAdded, text: "U1 added an integration to this channel: github", actor: "U1"))
        #expect(Support.markdown(conversations[0].messages[1]) == "1 new commit")
    }

    /// Private and public channels, who may post, unpins and apps added or removed say who did it; an enabled
    /// or disabled app says its subtype as data (without anyone named when there is no `user`).
    @Test func channelSettingsAndAppsAreDescribed() throws {
        let messages = try Support.messages([
            #"{"type":"message","subtype":"channel_convert_to_private","user":"U1","text":"<@U1> made this channel private","ts":"1.0"}"#,
            #"{"type":"message","subtype":"channel_convert_to_public","user":"U2","text":"","ts":"2.0"}"#,
            #"{"type":"message","subtype":"channel_posting_permissions","user":"U1","text":"<@U1> changed posting permissions","ts":"3.0"}"#,
            #"{"type":"message","subtype":"unpinned_item","user":"U2","text":"unpinned a message from this channel.","ts":"4.0"}"#,
            #"{"type":"message","subtype":"bot_remove","user":"U1","text":"removed an integration from this channel","ts":"5.0"}"#,
            #"{"type":"message","subtype":"bot_enable","user":"U1","text":"enabled an integration","ts":"6.0"}"#,
            #"{"type":"message","subtype":"bot_disable","text":"disabled an integration","ts":"7.0"}"#,
        ])
        #expect(messages.map { Support.system($0) } == [
            SystemEvent(event: .madePrivate, text: "@annie made this channel private", actor: "U1"),
            SystemEvent(event: .madePublic, text: "Bo Berg channel convert to public", actor: "U2"),
            SystemEvent(event: .permissions, text: "@annie changed posting permissions", actor: "U1"),
            SystemEvent(event: .unpin, text: "Bo Berg unpinned a message from this channel.", actor: "U2"),
            SystemEvent(event: .botRemoved, text: "annie removed an integration from this channel", actor: "U1"),
            SystemEvent(event: .other, text: "annie enabled an integration", actor: "U1", title: "bot_enable"),
            SystemEvent(event: .other, text: "disabled an integration", title: "bot_disable"),
        ])
    }

    @Test func subtypes() throws {
        let messages = try Support.messages([
            #"{"type":"message","subtype":"channel_join","user":"U1","text":"<@U1> has joined the channel","ts":"1.0"}"#,
            #"{"type":"message","subtype":"channel_leave","user":"U2","text":"<@U2> has left the channel","ts":"2.0"}"#,
            #"{"type":"message","subtype":"channel_topic","user":"U1","text":"<@U1> set the channel topic: Launch &amp; *plans*","topic":"Launch","ts":"3.0"}"#,
            #"{"type":"message","subtype":"channel_purpose","user":"U1","text":"<@U1> set the channel purpose: talk","ts":"4.0"}"#,
            #"{"type":"message","subtype":"channel_name","user":"U1","text":"<@U1> has renamed the channel from \"old\" to \"general\"","name":"general","old_name":"old","ts":"5.0"}"#,
            #"{"type":"message","subtype":"channel_archive","user":"U2","text":"","ts":"6.0"}"#,
            #"{"type":"message","subtype":"pinned_item","user":"U2","text":"pinned a message to this channel.","ts":"7.0"}"#,
            #"{"type":"message","subtype":"group_join","user":"U2","ts":"8.0"}"#,
            #"{"type":"message","subtype":"tombstone","user":"USLACKBOT","text":"This message was deleted.","hidden":true,"ts":"9.0","thread_ts":"9.0"}"#,
            #"{"type":"message","subtype":"reminder_add","user":"U1","text":"set up a reminder “stand-up” in this channel","ts":"10.0"}"#,
            #"{"type":"message","subtype":"hologram","user":"U1","beam":{"x":1},"ts":"11.0"}"#,
            #"{"type":"message","subtype":"me_message","user":"U1","text":"waves","ts":"12.0"}"#,
        ])
        #expect(messages.prefix(8).map { Support.system($0) } == [
            SystemEvent(event: .join, text: "@annie has joined the channel", actor: "U1"),
            SystemEvent(event: .leave, text: "@Bo Berg has left the channel", actor: "U2"),
            SystemEvent(event: .topic, text: "@annie set the channel topic: Launch & plans", actor: "U1", title: "Launch"),
            // Without its `purpose` (the new one), only Slack's words.
            SystemEvent(event: .purpose, text: "@annie set the channel purpose: talk"),
            SystemEvent(event: .rename, text: "@annie has renamed the channel from \"old\" to \"general\"", actor: "U1", title: "general"),
            SystemEvent(event: .archive, text: "Bo Berg channel archive", actor: "U2"),
            SystemEvent(event: .pin, text: "Bo Berg pinned a message to this channel.", actor: "U2"),
            SystemEvent(event: .join, text: "Bo Berg joined", actor: "U2"),
        ])
        #expect(messages.prefix(8).map(\.sender) == ["U1", "U2", "U1", "U1", "U1", "U2", "U2", "U2"])
        // A deleted thread parent: kept, marked deleted, by Slackbot.
        #expect(messages[8].deleted)
        #expect(messages[8].thread == nil)
        #expect(Support.markdown(messages[8]) == "This message was deleted\\.")
        // Unknown subtypes keep their text, or the whole item.
        #expect(Support.markdown(messages[9]) == "set up a reminder “stand\\-up” in this channel")
        guard case .unsupported(let unsupported) = messages[10].kind else {
            Issue.record("expected an unsupported message")
            return
        }
        #expect(unsupported.type == "hologram")
        #expect(unsupported.raw.compactJSON == #"{"beam":{"x":1},"subtype":"hologram","ts":"11.0","type":"message","user":"U1"}"#)
        #expect(Support.markdown(messages[11]) == "waves")
    }

    @Test func slackbotIsNamed() throws {
        let conversations = try Support.conversations([
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-05-03.json": #"[{"type":"message","subtype":"tombstone","user":"USLACKBOT","text":"This message was deleted.","ts":"1.0"}]"#,
        ])
        #expect(conversations[0].participants == [Participant(id: "USLACKBOT", name: "Slackbot")])
    }

    // MARK: Files

    @Test func legacyFileWithComment() throws {
        let messages = try Support.messages([
            #"""
            {"type":"message","subtype":"file_share","user":"U1","upload":true,"ts":"1.0",
             "text":"<@U1> uploaded a file: <https://t.slack.com/files/U1/F1/cat.jpg|Our cat> and commented: look *here*",
             "file":{"id":"F1","name":"cat.jpg","title":"Our cat","mimetype":"image/jpeg","filetype":"jpg","size":2048,
                     "original_w":640,"original_h":480,"initial_comment":{"user":"U1","comment":"look *here*"}}}
            """#,
            #"""
            {"type":"message","subtype":"file_share","user":"U2","ts":"2.0","text":"<@U2> uploaded a file: <https://t/F2|notes.txt>",
             "file":{"id":"F2","name":"notes.txt","title":"notes","mimetype":"text/plain","size":10}}
            """#,
        ])
        #expect(messages.map(\.id) == ["1.0", "2.0"])
        #expect(messages[0].kind == .photo(MediaItem(
            name: "cat.jpg", mimeType: "image/jpeg", size: 2048, width: 640, height: 480, caption: "look here")))
        #expect(messages[1].kind == .file(MediaItem(name: "notes.txt", mimeType: "text/plain", size: 10)))
    }

    @Test func currentFilesByKind() throws {
        let messages = try Support.messages([
            #"""
            {"type":"message","user":"U1","ts":"1.0","text":"here you go","files":[
              {"id":"F1","name":"a.png","title":"a.png","mimetype":"image/png","filetype":"png","size":1},
              {"id":"F2","name":"b.mp4","mimetype":"video/mp4","filetype":"mp4","size":2,"duration_ms":1500},
              {"id":"F3","name":"c.mp3","mimetype":"audio/mpeg","filetype":"mp3","size":3},
              {"id":"F4","name":"audio_message.m4a","mimetype":"audio/mp4","filetype":"m4a","subtype":"slack_audio","size":4},
              {"id":"F5","name":"d.pdf","title":"Quarterly report","mimetype":"application/pdf","filetype":"pdf","size":5},
              {"id":"F6","mode":"tombstone"},
              {"id":"F7","mode":"hidden_by_limit"}]}
            """#,
            #"{"type":"message","user":"U1","ts":"2.0","text":"","files":[{"id":"F8","name":"e.gif","mimetype":"image/gif"}]}"#,
        ])
        #expect(messages.map(\.id) == ["1.0", "1.0-2", "1.0-3", "1.0-4", "1.0-5", "1.0-6", "1.0-7", "1.0-8", "2.0"])
        #expect(Support.markdown(messages[0]) == "here you go")
        #expect(messages[1].kind == .photo(MediaItem(name: "a.png", mimeType: "image/png", size: 1)))
        #expect(messages[2].kind == .video(MediaItem(name: "b.mp4", mimeType: "video/mp4", size: 2, duration: 1.5)))
        #expect(messages[3].kind == .audio(MediaItem(name: "c.mp3", mimeType: "audio/mpeg", size: 3)))
        #expect(messages[4].kind == .voice(MediaItem(name: "audio_message.m4a", mimeType: "audio/mp4", size: 4)))
        #expect(messages[5].kind == .file(MediaItem(name: "d.pdf", mimeType: "application/pdf", size: 5, caption: "Quarterly report")))
        #expect(messages[6].kind == .file(MediaItem(name: "F6", caption: "This file was deleted.")))
        #expect(messages[7].kind == .file(MediaItem(name: "F7", caption: "This file is hidden by the workspace's plan limits.")))
        #expect(messages[8].kind == .photo(MediaItem(name: "e.gif", mimeType: "image/gif")))
        #expect(messages.allSatisfy { $0.sender == "U1" })
    }

    @Test func localCopiesOfFilesAreUsed() throws {
        let files = [
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-05-03.json": #"""
                [{"type":"message","user":"U1","ts":"1.0","text":"","files":[
                   {"id":"F1","name":"a.png","mimetype":"image/png"},{"id":"F2","name":"b.txt","mimetype":"text/plain"},
                   {"id":"F3","name":"gone.txt"},{"id":"F4","name":"../../etc/passwd"}]}]
                """#,
            "__uploads/F1/a.png": "png",
            "general/attachments/F2-b.txt": "text",
        ]
        let messages = try Support.conversations(files)[0].messages
        #expect(messages.map { Support.media($0)?.file } == ["__uploads/F1/a.png", "general/attachments/F2-b.txt", nil, nil])
    }

    // MARK: Attachments

    @Test func linkUnfurls() throws {
        let messages = try Support.messages([
            #"{"type":"message","user":"U1","ts":"1.0","text":"<@U2>: <https://x.org/a>","attachments":[{"service_name":"X","title":"A &amp; B","title_link":"https://x.org/a","text":"About *a*","from_url":"https://x.org/a","thumb_url":"https://x.org/t.png"}]}"#,
            #"{"type":"message","user":"U1","ts":"2.0","text":"*must* read <https://x.org/b>","attachments":[{"title":"B","from_url":"https://x.org/b","original_url":"https://x.org/b"}]}"#,
            #"{"type":"message","user":"U1","ts":"3.0","text":"","attachments":[{"title":"C","original_url":"https://x.org/c"},{"title":"D","from_url":"https://x.org/d"}]}"#,
        ])
        #expect(messages.map(\.id) == ["1.0", "2.0", "2.0-2", "3.0", "3.0-2"])
        #expect(Support.preview(messages[0]) == LinkPreview(
            url: "https://x.org/a", text: "@Bo Berg: https://x.org/a", title: "A & B", description: "About *a*", siteName: "X"))
        // Formatted text stays a text message, followed by the preview.
        #expect(Support.html(messages[1]) == "<p><strong>must</strong> read <a href=\"https://x.org/b\">https://x.org/b</a></p>\n")
        #expect(Support.preview(messages[2]) == LinkPreview(url: "https://x.org/b", title: "B"))
        #expect(Support.preview(messages[3]) == LinkPreview(url: "https://x.org/c", title: "C"))
        #expect(Support.preview(messages[4]) == LinkPreview(url: "https://x.org/d", title: "D"))
    }

    @Test func botAttachmentsBecomeText() throws {
        let messages = try Support.messages([
            #"""
            {"type":"message","subtype":"bot_message","bot_id":"B1","ts":"1.0","text":"Deploy finished","attachments":[
              {"pretext":"*prod*","author_name":"CI","title":"Build #12","title_link":"https://ci/12","text":"All _green_",
               "fields":[{"title":"Took","value":"3 min","short":true}],"footer":"ci &amp; cd","mrkdwn_in":["text","pretext"],"color":"good"},
              {"fallback":"Plain *fallback*"}]}
            """#,
            #"""
            {"type":"message","user":"U1","ts":"2.0","text":"look","attachments":[
              {"is_msg_unfurl":true,"author_name":"Bo Berg","text":"original *words*","from_url":"https://t.slack.com/archives/C1/p1","mrkdwn_in":["text"]}]}
            """#,
        ])
        #expect(Support.html(messages[0]) == """
            <p>Deploy finished</p>
            <p><strong>prod</strong><br />
            <strong>CI</strong><br />
            <strong><a href="https://ci/12">Build #12</a></strong><br />
            All <em>green</em><br />
            <strong>Took</strong><br />
            3 min<br />
            ci &amp; cd</p>
            <p>Plain *fallback*</p>

            """)
        #expect(Support.html(messages[1]) == """
            <p>look</p>
            <blockquote>
            <p><strong>Bo Berg</strong><br />
            original <strong>words</strong></p>
            </blockquote>

            """)
    }

    // MARK: Blocks

    @Test func richTextBlocks() throws {
        let blocks = #"""
            [{"type":"rich_text","elements":[
              {"type":"rich_text_section","elements":[
                {"type":"text","text":"Hi "},{"type":"user","user_id":"U1"},{"type":"text","text":" in "},
                {"type":"channel","channel_id":"C2"},{"type":"text","text":" "},{"type":"broadcast","range":"here"},
                {"type":"text","text":" b","style":{"bold":true}},{"type":"text","text":"i","style":{"italic":true}},
                {"type":"text","text":"s","style":{"strike":true}},{"type":"text","text":"c*d","style":{"code":true}},
                {"type":"text","text":" "},{"type":"link","url":"https://x.org","text":"site"},{"type":"text","text":" "},
                {"type":"emoji","name":"thumbsup","unicode":"1f44d"},{"type":"emoji","name":"wave","skin_tone":3},
                {"type":"emoji","name":"partyparrot"},{"type":"text","text":" <b>\n"}]},
              {"type":"rich_text_list","style":"bullet","indent":0,"elements":[
                {"type":"rich_text_section","elements":[{"type":"text","text":"one"}]},
                {"type":"rich_text_section","elements":[{"type":"text","text":"two"}]}]},
              {"type":"rich_text_list","style":"ordered","indent":1,"elements":[
                {"type":"rich_text_section","elements":[{"type":"text","text":"first"}]}]},
              {"type":"rich_text_preformatted","elements":[{"type":"text","text":"let x = 1 // *"}]},
              {"type":"rich_text_quote","elements":[{"type":"text","text":"wise words"}]}]}]
            """#
        let messages = try Support.messages([
            #"{"type":"message","user":"U1","ts":"1.0","text":"fallback text","blocks":"# + blocks + "}"
        ])
        #expect(Support.html(messages[0]) == """
            <p>Hi <span class="mention">@annie</span> in <span class="mention">#random</span> <span class="mention">@here</span> <strong>b</strong><em>i</em><del>s</del><code>c*d</code> <a href="https://x.org">site</a> 👍👋🏼:partyparrot: &lt;b&gt;<br />
            • one<br />
            • two<br />
            \u{00A0}\u{00A0}\u{00A0}\u{00A0}1. first</p>
            <pre><code>let x = 1 // *
            </code></pre>
            <blockquote>
            <p>wise words</p>
            </blockquote>

            """)
    }

    @Test func unknownBlocksFallBackToText() throws {
        let messages = try Support.messages([
            #"{"type":"message","user":"U1","ts":"1.0","text":"*Approve?*","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"*Approve?*"}},{"type":"actions","elements":[{"type":"button"}]}]}"#,
            #"{"type":"message","user":"U1","ts":"2.0","text":"","blocks":[{"type":"header","text":{"type":"plain_text","text":"Hello :wave:","emoji":true}},{"type":"divider"},{"type":"context","elements":[{"type":"mrkdwn","text":"by <@U2>"},{"type":"image","image_url":"https://x.org/i.png","alt_text":"logo"}]}]}"#,
            #"{"type":"message","user":"U1","ts":"3.0","text":"text wins","blocks":null}"#,
        ])
        #expect(Support.html(messages[0]) == "<p><strong>Approve?</strong></p>\n")
        #expect(Support.html(messages[1]) == """
            <p><strong>Hello 👋</strong><br />
            by <span class="mention">@Bo Berg</span> <a href="https://x.org/i.png">logo</a></p>

            """)
        #expect(Support.markdown(messages[2]) == "text wins")
    }

    // MARK: Errors

    @Test func malformedJSONNamesTheFileAndLine() throws {
        let export = try Support.export([
            "channels.json": #"[{"id":"C1","name":"general"}]"#,
            "general/2024-05-03.json": "[{\"ts\": \"1.0\",\n \"text\": }]",
        ])
        #expect(throws: TranscriptsError(file: export.lastPathComponent + "/general/2024-05-03.json", line: 2, column: 10,
                                         path: "[0].text", message: "invalid JSON at byte offset 24: expected a value")) {
            try Support.conversations(export)
        }
    }

    @Test func wrongShapesNameTheFileAndJSONPath() throws {
        func error(_ files: [String: String]) throws -> TranscriptsError? {
            let export = try Support.export(files, name: "wrongShapes")
            do {
                _ = try Support.conversations(export)
                return nil
            } catch let error as TranscriptsError {
                return TranscriptsError(
                    file: error.file.map { String($0.dropFirst(export.lastPathComponent.count)) }, line: error.line, column: error.column,
                    path: error.path, message: error.message)
            }
        }
        let channels = #"[{"id":"C1","name":"general"}]"#
        #expect(try error(["channels.json": channels, "general/2024-05-03.json": #"[{"type":"message","text":"a","ts":"1.0"},{"text":5,"ts":"2.0"}]"#])
            == TranscriptsError(file: "/general/2024-05-03.json", line: 1, column: 51, path: "[1].text", message: "expected a string, found the number 5"))
        #expect(try error(["channels.json": channels, "general/2024-05-03.json": #"[{"text":"no ts"}]"#])
            == TranscriptsError(file: "/general/2024-05-03.json", line: 1, column: 2, path: "[0].ts", message: "\"ts\" is required but missing"))
        #expect(try error(["channels.json": channels, "general/2024-05-03.json": #"[{"text":"x","ts":"yesterday"}]"#])
            == TranscriptsError(file: "/general/2024-05-03.json", line: 1, column: 19, path: "[0].ts", message: "expected a Slack timestamp such as \"1454884927.000002\", found \"yesterday\""))
        #expect(try error(["channels.json": channels, "general/2024-05-03.json": #"[{"text":"x","ts":"1.0","reactions":[{"users":[]}]}]"#])
            == TranscriptsError(file: "/general/2024-05-03.json", line: 1, column: 38, path: "[0].reactions[0].name", message: "\"name\" is required but missing"))
        #expect(try error(["channels.json": channels, "general/2024-05-03.json": #"{"messages":[]}"#])
            == TranscriptsError(file: "/general/2024-05-03.json", line: 1, message: "expected a list of messages, found an object"))
        #expect(try error(["channels.json": #"[{"name":"general"}]"#])
            == TranscriptsError(file: "/channels.json", line: 1, column: 2, path: "[0].id", message: "\"id\" is required but missing"))
        #expect(try error(["users.json": #"[{"id":"U1","profile":{"display_name":7}}]"#])
            == TranscriptsError(file: "/users.json", line: 1, column: 39, path: "[0].profile.display_name", message: "expected a string, found the number 7"))
    }

    /// Topics and purposes (set and cleared) and joins with an `inviter` say who did what, so that pages in other
    /// languages word them; the label stays Slack's.
    @Test func topicsPurposesAndInvitedJoinsAreDescribed() throws {
        let users = Support.defaultUsers.replacingOccurrences(of: "]", with: #", {"id":"U9","name":"cy","real_name":"Cy Dee"}]"#)
        let messages = try Support.messages([
            #"{"type":"message","subtype":"channel_join","user":"U2","inviter":"U1","text":"<@U2> has joined the channel","ts":"1.0"}"#,
            #"{"type":"message","subtype":"channel_join","user":"U2","inviter":"U9","text":"<@U2> has joined the channel","ts":"2.0"}"#,
            #"{"type":"message","subtype":"channel_join","user":"U1","inviter":"U1","text":"<@U1> has joined the channel","ts":"3.0"}"#,
            #"{"type":"message","subtype":"channel_topic","user":"U1","text":"<@U1> set the channel topic: Launch &amp; *plans* <@U2>","topic":"Launch &amp; *plans* <@U2>","ts":"4.0"}"#,
            #"{"type":"message","subtype":"channel_topic","user":"U1","text":"<@U1> cleared channel topic","topic":"","ts":"5.0"}"#,
            #"{"type":"message","subtype":"group_purpose","user":"U2","text":"<@U2> set the channel purpose: talk","purpose":"talk","ts":"6.0"}"#,
            #"{"type":"message","subtype":"channel_purpose","user":"U2","text":"<@U2> cleared channel purpose","purpose":"","ts":"7.0"}"#,
        ], users: users)
        #expect(messages.map { Support.system($0) } == [
            SystemEvent(event: .join, text: "@Bo Berg has joined the channel", actor: "U1", subjects: ["U2"]),
            // Cy added Bo but never wrote here, so is no participant: named by name.
            SystemEvent(event: .join, text: "@Bo Berg has joined the channel", actor: "Cy Dee", subjects: ["U2"]),
            SystemEvent(event: .join, text: "@annie has joined the channel", actor: "U1"),
            SystemEvent(event: .topic, text: "@annie set the channel topic: Launch & plans @Bo Berg", actor: "U1", title: "Launch & plans @Bo Berg"),
            SystemEvent(event: .topic, text: "@annie cleared channel topic", actor: "U1"),
            SystemEvent(event: .purpose, text: "@Bo Berg set the channel purpose: talk", actor: "U2", title: "talk"),
            SystemEvent(event: .purpose, text: "@Bo Berg cleared channel purpose", actor: "U2"),
        ])
    }

    /// Archiving and unarchiving a channel say who did it, so that pages in other languages word them; the label
    /// stays Slack's.
    @Test func archivesAndUnarchivesAreDescribed() throws {
        let messages = try Support.messages([
            #"{"type":"message","subtype":"channel_archive","user":"U1","text":"<@U1> archived the channel","ts":"1.0"}"#,
            #"{"type":"message","subtype":"channel_unarchive","user":"U2","text":"<@U2> un-archived the channel","ts":"2.0"}"#,
            #"{"type":"message","subtype":"group_archive","user":"U2","text":"","ts":"3.0"}"#,
            #"{"type":"message","subtype":"group_unarchive","text":"un-archived the group","ts":"4.0"}"#,
        ])
        #expect(messages.map { Support.system($0) } == [
            SystemEvent(event: .archive, text: "@annie archived the channel", actor: "U1"),
            SystemEvent(event: .unarchive, text: "@Bo Berg un-archived the channel", actor: "U2"),
            SystemEvent(event: .archive, text: "Bo Berg group archive", actor: "U2"),
            // No user: no one to name, so only Slack's words.
            SystemEvent(event: .unarchive, text: "un-archived the group"),
        ])
    }
}
