import Foundation
import TranscriptModel
import TranscriptSupport

/// Who is who on a site, made once before a build reads anything: the people directory and what `privacy:`
/// does to its people (their pseudonyms from `pseudonyms.yml`, which it writes when they change, and who is
/// excluded), and how folders are named when names must not show in them.
struct SitePeople: Sendable {
    var directory: PeopleDirectory
    var privacy = PersonPrivacy()
    /// Names a conversation's folder (and its public id) from its id, when pseudonyms are on: a keyed digest that
    /// tells nothing of the id.
    var folderNaming: (@Sendable (String) -> String)?
    /// The config's `scope:`, when it leaves anything out.
    var scope: SiteScope?

    /// The site's people for `configuration` (read from the site folder `site`; `configPath` names the config in
    /// errors); `protectionNaming` names folders on a protected site.
    static func make(
        configuration: SiteConfiguration, site: URL, configPath: String,
        protectionNaming: (@Sendable (String) -> String)? = nil
    ) throws -> SitePeople {
        let directory = try PeopleDirectory(
            settings: configuration.people, region: configuration.phoneRegion, folder: site, configPath: configPath,
            naming: protectionNaming)
        var people = SitePeople(directory: directory)
        if !configuration.scope.isEmpty {
            people.scope = try SiteScope(
                settings: configuration.scope, directory: directory, region: configuration.phoneRegion,
                timeZone: configuration.timeZone)
        }
        let settings = configuration.privacy
        // Exclusions: a person named by their name or any of their ids is excluded on every app.
        for entry in settings.exclude {
            let key = PersonKey(entry, region: directory.region)
            for person in directory.people
            where person.name.lowercased() == entry.lowercased() || directory.keys(of: person).contains(key) {
                people.privacy.excluded[person.id] = entry
            }
        }
        guard case .on(let chosen) = settings.pseudonymize else { return people }
        // Pseudonyms: chosen in the config (by the person's name or an id), else kept in the pseudonym file.
        let chosenByKey = Dictionary(chosen.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        func choice(_ person: PeopleDirectory.Person) -> String? {
            chosenByKey[person.name.lowercased()] ?? person.ids.lazy.compactMap { chosenByKey[$0.lowercased()] }.first
        }
        let url = site.appendingPathComponent(PseudonymFile.fileName)
        let previous = try PseudonymFile.load(from: url)
        var file = previous ?? .new()
        let named = directory.people.filter { choice($0) == nil && people.privacy.excluded[$0.id] == nil }.map(\.name)
        file.assign(named)
        if file != previous {
            do {
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                throw TranscriptsError(file: url.relativePathForDisplay, message: "cannot write the pseudonym file: \(error.localizedDescription)")
            }
        }
        var byName: [String: String] = [:]
        for person in directory.people { byName[person.name] = choice(person) ?? file.people[person.name] }
        let excluded = people.privacy.excluded
        people.directory = directory.renamed(by: byName, keepsFolders: protectionNaming != nil)
        // The exclusions by the people's new folder names.
        people.privacy.excluded = [:]
        for (old, new) in zip(directory.people, people.directory.people) {
            if let entry = excluded[old.id] { people.privacy.excluded[new.id] = entry }
        }
        for person in people.directory.people { people.privacy.pseudonyms[person.id] = person.shownName }
        people.privacy.numberedFrom = file.highestNumber + 1
        let key = file
        people.folderNaming = protectionNaming ?? { id in key.folderName(for: "folder " + id) }
        return people
    }
}

/// What `privacy:` does to the people of `people:`: each one's pseudonym (the same on every app and page), who is
/// excluded, and from which number a conversation's other people are numbered ("Person 1" to "Person N-1" are the
/// people's own).
struct PersonPrivacy: Sendable, Equatable {
    /// Pseudonyms by person id.
    var pseudonyms: [String: String] = [:]
    /// The `exclude` entry that names a person, by person id.
    var excluded: [String: String] = [:]
    var numberedFrom = 1
}
