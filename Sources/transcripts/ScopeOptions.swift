import ArgumentParser
import TranscriptSite

/// The scope flags `build` and `serve` share; they add to the config's `scope:` block (docs/people.md).
struct ScopeOptions: ParsableArguments {
    @Option(name: .customLong("scope-person"), help: ArgumentHelp("Build only the conversations of this person (a name or an id); repeat for several (scope.people).", valueName: "name"))
    var people: [String] = []

    @Option(name: .customLong("scope-conversation"), help: ArgumentHelp("Build only this conversation (an id or a title); repeat for several (scope.conversations).", valueName: "id"))
    var conversations: [String] = []

    @Option(name: .customLong("scope-from"), help: ArgumentHelp("Build only the messages of this day (YYYY-MM-DD) and after (scope.from).", valueName: "day"))
    var from: String?

    @Option(name: .customLong("scope-to"), help: ArgumentHelp("Build only the messages of this day (YYYY-MM-DD) and before (scope.to).", valueName: "day"))
    var to: String?

    var settings: ScopeSettings {
        ScopeSettings(people: people, conversations: conversations, from: from, to: to)
    }
}
