/// Conversations used by several tests.
public enum BuildFixtures {
    /// A small chat whose rendered messages are checked byte for byte.
    public static let small = TestSupport.conversation(
        id: "small", title: "Small <talk>",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "Hi <b>there</b>\nsee https://x.org/a_b"}"#,
            #"{"id": "2", "sender": "me", "date": "2024-05-03T09:31:00+02:00", "type": "markdown", "markdown": "**Yes!** 👍", "replyTo": "1", "reactions": [{"emoji": "❤️", "by": ["ann"]}]}"#,
            #"{"id": "3", "date": "2024-05-03T11:00:00+02:00", "type": "system", "system": {"event": "join", "text": "Bo joined"}}"#,
        ])

    /// One message of every kind.
    public static let everyKind = TestSupport.conversation(
        id: "kinds", title: "Every kind",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "plain"}"#,
            #"{"id": "2", "sender": "me", "date": "2024-05-03T09:31:00+02:00", "type": "markdown", "markdown": "*md* `x`", "edited": "2024-05-03T09:40:00+02:00", "status": "read"}"#,
            #"{"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00+02:00", "type": "photo", "photo": {"file": "media/p.jpg", "width": 640, "height": 480, "caption": "A photo"}, "replyTo": "1"}"#,
            #"{"id": "4", "sender": "ann", "date": "2024-05-03T09:33:00+02:00", "type": "video", "video": {"file": "v.mp4", "duration": 75, "size": 1500000}}"#,
            #"{"id": "5", "sender": "me", "date": "2024-05-03T09:34:00+02:00", "type": "audio", "audio": {"file": "a.mp3", "duration": 3}}"#,
            #"{"id": "6", "sender": "ann", "date": "2024-05-03T09:35:00+02:00", "type": "voice", "voice": {"duration": 4}}"#,
            #"{"id": "7", "sender": "ann", "date": "2024-05-03T09:36:00+02:00", "type": "file", "file": {"file": "plan.pdf", "mimeType": "application/pdf", "size": 999}}"#,
            #"{"id": "8", "sender": "ann", "date": "2024-05-03T09:37:00+02:00", "type": "sticker", "sticker": {"emoji": "😀"}}"#,
            #"{"id": "9", "sender": "ann", "date": "2024-05-03T09:38:00+02:00", "type": "location", "location": {"latitude": 52.52, "longitude": 13.405, "name": "Berlin"}}"#,
            #"{"id": "10", "sender": "ann", "date": "2024-05-03T09:39:00+02:00", "type": "contact", "contact": {"name": "Bo", "phones": ["+49 30 1234"]}, "forwardedDate": "2024-05-01T18:12:00+02:00"}"#,
            #"{"id": "11", "sender": "ann", "date": "2024-05-03T09:40:00+02:00", "type": "poll", "poll": {"question": "Lunch?", "options": [{"text": "Yes", "votes": 2}, {"text": "No", "votes": 1}]}}"#,
            #"{"id": "12", "sender": "ann", "date": "2024-05-03T09:41:00+02:00", "type": "linkPreview", "linkPreview": {"url": "https://e.org", "title": "E", "text": "look"}}"#,
            #"{"id": "13", "date": "2024-05-03T09:42:00+02:00", "type": "system", "system": {"event": "rename", "text": "Ann renamed the chat"}}"#,
            #"{"id": "14", "sender": "ann", "date": "2024-05-03T09:43:00+02:00", "type": "custom", "custom": {"kind": "linkCard", "payload": {"title": "Card", "url": "https://e.org"}}}"#,
            #"{"id": "15", "sender": "ann", "date": "2024-05-03T09:44:00+02:00", "type": "hologram", "depth": 3}"#,
            #"{"id": "16", "sender": "ann", "date": "2024-05-03T09:45:00+02:00", "text": "reply to nothing", "replyTo": "999", "forwardedFrom": "Bo"}"#,
        ])
}
