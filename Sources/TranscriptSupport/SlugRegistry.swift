/// Turns conversation ids into unique, safe folder names: lowercase letters, digits and `-`.
package struct SlugRegistry {
    /// Names folders instead of the id's letters (a protected site's folders tell nothing of the id).
    private let naming: (@Sendable (String) -> String)?

    /// Folder names made of the ids, or by `naming` (which must give lowercase letters, digits and `-`).
    package init(naming: (@Sendable (String) -> String)? = nil) {
        self.naming = naming
    }
    private var used: Set<String> = []

    package mutating func slug(for id: String) -> String {
        if let naming {
            var slug = naming(id)
            while used.contains(slug) { slug += "-1" }
            used.insert(slug)
            return slug
        }
        var slug = ""
        for scalar in id.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        if slug.count > 60 { slug = String(slug.prefix(60)) }
        // Ids that are not already clean get a short hash of the id, so two ids never share a folder.
        if slug.isEmpty || slug != id.lowercased() || used.contains(slug) {
            slug = (slug.isEmpty ? "" : slug + "-") + Self.hash(id)
        }
        while used.contains(slug) { slug += "-1" }
        used.insert(slug)
        return slug
    }

    private static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
