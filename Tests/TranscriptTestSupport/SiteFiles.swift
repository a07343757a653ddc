import Foundation

extension TestSupport {
    /// A site folder with a config and conversations, built from strings.
    public static func makeSite(
        config: String = "title: Test\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n",
        conversations: [String: String], extra: [String: String] = [:], name: String = #function
    ) throws -> URL {
        let site = try temporaryFolder(name)
        var files = extra
        files["transcripts.yml"] = config
        for (file, json) in conversations { files["conversations/" + file] = json }
        try write(files, in: site)
        return site
    }

    /// A conversation file with the given messages (JSON objects written as text).
    public static func conversation(
        id: String = "chat", title: String = "Chat", kind: String = "group", messages: [String],
        participants: String = #"[{"id":"me","name":"Me"},{"id":"ann","name":"Ann"}]"#
    ) -> String {
        #"{"format":"transcripts/1","id":"\#(id)","title":"\#(title)","kind":"\#(kind)","participants":\#(participants),"messages":[\#(messages.joined(separator: ","))]}"#
    }

    /// A conversation's month pages (`2024-05.html`, `2024-05-2.html`: not its overview or gallery pages), in
    /// order, joined.
    public static func conversationHTML(_ folder: URL) throws -> String {
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.wholeMatch(of: /\d{4}-\d{2}(-\d+)?\.html/) != nil }.sorted()
        return try pages.map { try read(folder.appendingPathComponent($0)) }.joined()
    }

    /// The markup of the built-in icon `name` (`Templates/assets/icons/NAME.svg`), as pages inline it.
    public static func icon(_ name: String) -> String {
        let url = packageFolder.appendingPathComponent("Templates/assets/icons/\(name).svg")
        return ((try? read(url)) ?? "no icon \(name)").trimmingCharacters(in: .newlines)
    }

    /// The built-in icons' paths in a built site (`assets/icons/NAME.svg`), sorted.
    public static let iconAssets: [String] = ((try? FileManager.default.contentsOfDirectory(
        atPath: packageFolder.appendingPathComponent("Templates/assets/icons").path)) ?? [])
        .filter { $0.hasSuffix(".svg") }.sorted().map { "assets/icons/" + $0 }
}
