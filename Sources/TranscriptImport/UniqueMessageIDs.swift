/// Message ids made unique within a conversation, for exports that can repeat an id (a message copied into two
/// day files, a row read twice): the first keeps its id, later ones become `id-dup`, `id-dup2`, ...
struct UniqueMessageIDs {
    private var used: Set<String> = []

    /// An id not used yet in this conversation: `base`, else `base-dup`, `base-dup2`, ...
    mutating func make(_ base: String) -> String {
        var id = base
        var attempt = 1
        while !used.insert(id).inserted {
            id = base + (attempt == 1 ? "-dup" : "-dup\(attempt)")
            attempt += 1
        }
        return id
    }
}
