/// Joins names as a readable list.
package enum ListFormatting {
    package static func join(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: items[0] + " and " + items[1]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}
