/// `StringTable.list(_:)` with the table's list texts cut once (`TextPattern`), for lists made over and over:
/// the names under each reaction of each message. Gives exactly what `list(_:)` gives.
package struct ListPattern: Sendable {
    private let strings: StringTable
    private let two: TextPattern?
    private let last: TextPattern?
    private let separator: String

    package init(strings: StringTable) {
        self.strings = strings
        two = TextPattern("listTwo", in: strings, names: ["first", "second"])
        last = TextPattern("listLast", in: strings, names: ["list", "last"])
        separator = strings.text("listSeparator")
    }

    /// Names joined as a list in the table's language: `Ana`, `Ana and Ben`, `Ana, Ben and Carla`.
    package func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return two?.filled(items) ?? strings.list(items)
        default:
            guard let last else { return strings.list(items) }
            let head = TextPattern.joined(items.dropLast(), separator: separator)
            return last.filled([head, items[items.count - 1]])
        }
    }
}
