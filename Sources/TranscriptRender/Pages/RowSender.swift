import TranscriptDisplay
import TranscriptModel

/// What a message's row shows of its sender, found with one look-up by the sender's id rather than four
/// dictionaries by id for each message (name, participant, initials, picture).
struct RowSender: Sendable {
    /// The name shown (the id when the conversation does not list the sender).
    let name: String
    /// The initials for an avatar without a picture.
    let initials: String
    /// The avatar picture's address relative to the page, when there is one.
    let avatarImage: String?
    /// The participant's colour on the platform (a Discord role colour), when it is a valid CSS colour.
    let roleColor: CSSColor?
    let isBot: Bool
    /// One of eight colours for the name and avatar (`SenderColor`).
    let color: Int
    /// The person the sender is, site-wide (`Participant.person`): their name links to the person's page.
    let person: String?

    /// The facts of every sender `names`, `avatarImages`, `initials` and `participants` know, by id; `initials`
    /// are the initials by id where they are known already (`ConversationFrame` makes them once, also for the
    /// senders that are not participants).
    static func table(
        names: [String: String], avatarImages: [String: String], initials: [String: String],
        participants: [String: Participant]
    ) -> [String: RowSender] {
        var ids = Set(names.keys)
        ids.formUnion(avatarImages.keys)
        ids.formUnion(initials.keys)
        ids.formUnion(participants.keys)
        var table: [String: RowSender] = [:]
        table.reserveCapacity(ids.count)
        for id in ids {
            table[id] = RowSender(
                id: id, name: names[id], avatarImage: avatarImages[id], initials: initials[id], participant: participants[id])
        }
        return table
    }

    /// The facts of the sender `id`, from what is known of it (nothing, for a sender the conversation does not
    /// list).
    init(id: String, name: String?, avatarImage: String?, initials: String?, participant: Participant?) {
        let shown = name ?? id
        self.name = shown
        self.initials = initials ?? AvatarView.initials(of: shown)
        self.avatarImage = avatarImage
        self.roleColor = participant?.color.flatMap(CSSColor.init)
        self.isBot = participant?.bot ?? false
        self.color = SenderColor.index(for: id)
        self.person = participant?.person
    }
}
