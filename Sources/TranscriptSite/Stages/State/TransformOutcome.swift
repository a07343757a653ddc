import TranscriptImport

/// What the `transform` stage and the scope did to the conversation on its way to `render`, which keeps it in the
/// conversation's cache record and starts the next conversation from none.
struct TransformOutcome {
    /// What `privacy:` removed and which of its exclusions matched.
    var privacy = PrivacyTransform.Outcome()
    /// Which of `people:`'s keys matched.
    var people = PeopleTransform.Outcome()
    /// The `scope:` entries that matched.
    var scope = Set<String>()
}

/// The config's entries that matched something over the whole build: `write` warns of each entry that matched
/// nothing.
struct MatchedEntries {
    /// `privacy.exclude`'s entries that matched someone.
    var exclusions = Set<String>()
    /// The keys of the people's ids (`people:`) that matched someone.
    var personKeys = Set<String>()
    /// `scope:`'s entries that matched a conversation.
    var scope = Set<String>()
}
