import TranscriptRender

/// Writes the people pages (`people/index.html` and a page per person) from the parts every conversation gave
/// them, rendered or taken over, and warns of the config's ids that matched nobody.
public struct PeopleStage: BuildStage {
    public let name = "people"

    public init() {}

    public func run(in context: BuildContext) throws {
        // A shard's build leaves the pages that show every conversation to `assemble`.
        guard context.shardPlan == nil else { return }
        // The people `privacy.exclude` names are left out, as their messages are.
        let people = (context.people?.directory.people ?? []).filter { context.personPrivacy.excluded[$0.id] == nil }
        guard !people.isEmpty || !context.rendered.personParts.isEmpty else { return }
        context.progress("writing the people pages")
        // The parts in the order of their conversations' folders, so that the pages do not depend on the inputs' order.
        let parts = context.rendered.personParts.sorted { ($0.url, $0.person) < ($1.url, $1.person) }
        let files = try PeoplePages(renderer: context.renderer).files(
            people: people.map { PeoplePages.Listed(id: $0.id, name: $0.shownName, listedWithoutMessages: !$0.fromContacts) },
            parts: parts)
        for file in files { try context.output.write(file.html, to: file.path) }
        context.hasPeoplePages = !files.isEmpty
        context.summary.pages += files.count
        context.count("pages", files.count)
        guard let directory = context.people?.directory else { return }
        for person in directory.people where !person.fromContacts {
            for (id, key) in zip(person.ids, directory.keys(of: person)) where !context.matched.personKeys.contains(key.value) {
                context.warn("\(person.source) (\(person.shownName)): the id \"\(id)\" matches nobody in the conversations")
            }
        }
    }
}
