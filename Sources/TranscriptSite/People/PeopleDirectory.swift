import Crypto
import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSupport

/// Who is who across a site's conversations: the people of the config's `people:` block (and its contacts
/// files), found by any id they write under. Made once per build, before anything is read.
struct PeopleDirectory: Sendable {
    /// A person: their folder id (`people/<id>/`), name, ids and where the config names them.
    struct Person: Sendable, Equatable {
        var id: String
        let name: String
        /// The name pages show: the name, or the person's pseudonym (`renamed(by:)`).
        var shownName: String
        let ids: [String]
        /// `transcripts.yml: people[2]` or `contacts.vcf:14`, for warnings and errors.
        let source: String
        /// Whether the person is a card of a contacts file (listed only when they wrote).
        let fromContacts: Bool
        /// Whether the person's one-to-one conversations on several apps are shown as one (`together`).
        var together = false
    }

    /// The people, in the config's order.
    private(set) var people: [Person]
    /// Numbers written without a country code are read in this region.
    let region: String?
    private let byKey: [PersonKey: Int]

    /// The directory the settings describe; contacts files are read relative to `folder`. An id two people
    /// claim is an error naming both.
    /// `naming`, when given, names the people's folders instead of their names (a protected site's folders tell
    /// nothing of them).
    init(
        settings: PeopleSettings, region: String?, folder: URL, configPath: String,
        naming: (@Sendable (String) -> String)? = nil
    ) throws {
        self.region = region
        var people: [Person] = []
        var byKey: [PersonKey: Int] = [:]
        var used = Set<String>()
        func folderName(_ name: String) -> String {
            let base = naming?("person " + name) ?? Self.folderName(name)
            var candidate = base
            var number = 2
            while !used.insert(candidate).inserted {
                candidate = "\(base)-\(number)"
                number += 1
            }
            return candidate
        }
        func add(name: String, ids: [String], source: String, fromContacts: Bool, together: Bool) throws {
            let index = people.count
            for id in ids {
                let key = PersonKey(id, region: region)
                if let other = byKey[key], other != index {
                    throw TranscriptsError(
                        file: configPath, path: "people",
                        message: "the id \"\(id)\" is claimed by \(people[other].name) (\(people[other].source)) "
                            + "and by \(name) (\(source)); an id is one person's")
                }
                byKey[key] = index
            }
            people.append(Person(
                id: folderName(name), name: name, shownName: name, ids: ids, source: source, fromContacts: fromContacts,
                together: together))
        }
        for (index, entry) in settings.entries.enumerated() {
            switch entry {
            case .person(let person):
                try add(
                    name: person.name, ids: person.ids, source: "\(configPath): people[\(index)]", fromContacts: false,
                    together: person.together)
            case .contacts(let path, let together):
                let url = folder.appendingPathComponent(path)
                let shown = url.relativePathForDisplay
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw TranscriptsError(file: configPath, path: "people[\(index)].contacts", message: "cannot read \"\(path)\"")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw TranscriptsError(file: shown, message: "not UTF-8 text (a vCard file is)")
                }
                for card in try VCardReader(displayPath: shown).cards(in: text) where !card.ids.isEmpty {
                    try add(name: card.name, ids: card.ids, source: "\(shown):\(card.line)", fromContacts: true, together: together)
                }
            }
        }
        self.people = people
        self.byKey = byKey
    }

    /// The directory with the people shown under `pseudonyms` (by name), their folders named after them unless
    /// `keepsFolders` (a protected site's folders are keyed digests already).
    func renamed(by pseudonyms: [String: String], keepsFolders: Bool = false) -> PeopleDirectory {
        var renamed = self
        var used = Set<String>()
        for index in renamed.people.indices {
            let shown = pseudonyms[people[index].name] ?? people[index].name
            var id = Self.folderName(shown)
            var number = 2
            while !used.insert(id).inserted {
                id = Self.folderName(shown) + "-\(number)"
                number += 1
            }
            if !keepsFolders { renamed.people[index].id = id }
            renamed.people[index].shownName = shown
        }
        return renamed
    }

    /// A person's folder name made of their name: `Zoë O'Brien` → `zoe-o-brien`; `person` for a name without
    /// Latin letters or digits.
    static func folderName(_ name: String) -> String {
        var slug = ""
        for scalar in name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        if slug.count > 60 { slug = String(slug.prefix(60)) }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "person" : slug
    }

    /// The person a participant is: by their id, else by their name as written.
    func person(participantID id: String, name: String) -> Int? {
        if let found = byKey[PersonKey(id, region: region)] { return found }
        guard name != id else { return nil }
        return byKey[PersonKey(name, region: region)]
    }

    /// The keys a person's ids have.
    func keys(of person: Person) -> [PersonKey] {
        person.ids.map { PersonKey($0, region: region) }
    }

    /// What the directory is, as text that changes with it: part of what an export's conversations were
    /// made with (an unchanged export is read again when it changes).
    var fingerprint: String {
        var hash = SHA256()
        hash.update("people 1 \(region ?? "-")")
        for person in people {
            hash.update("person \(person.id)")
            hash.update(person.name)
            hash.update(person.shownName)
            hash.update(person.together ? "together" : "apart")
            hash.update(Int64(person.ids.count))
            for id in person.ids { hash.update(PersonKey(id, region: region).value) }
        }
        return hash.hexDigest
    }
}
