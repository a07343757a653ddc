import TranscriptModel

/// The people of the Messages database: each handle by its address (the participant's id), named by the
/// contacts when they have it, and the owner, whose messages the database marks `is_from_me`.
struct IMessagePeople {
    /// Every handle's address, by ROWID.
    let handles: [Int64: String]
    let contacts: IMessageContacts
    /// The owner's participant id (the site's `me`).
    let me: String

    /// The owner as a participant.
    var owner: Participant { Participant(id: me, name: contacts.name(of: me) ?? "Me") }

    /// The address of the handle with ROWID `rowID`; nil for 0 (no handle) or one the table does not have.
    func address(_ rowID: Int64?) -> String? {
        guard let rowID, rowID != 0 else { return nil }
        return handles[rowID]
    }

    /// The participant with this address.
    func participant(_ address: String) -> Participant {
        if address == me { return owner }
        return Participant(id: address, name: contacts.name(of: address) ?? address)
    }

    /// The name shown for this participant id in system messages.
    func name(_ address: String?) -> String {
        guard let address else { return "Someone" }
        return participant(address).name
    }
}
