import TranscriptRender
import TranscriptSupport

/// What `render` collects of every conversation, in the order they came, for the stages that show the whole
/// site (`book`, `people`, `index`, `write`, a shard's part): where each one went, its line on the index, its
/// share of the search index, its appearances' CSS and its parts of people's pages.
struct RenderedConversations {
    /// The folders in use.
    var slugs = SlugRegistry()
    /// The ids in use, with the file each came from (an id is the site's only one of it).
    var seenIDs: [String: String] = [:]
    /// Each conversation's line on the index, with the time of its newest message.
    var cards: [(summary: ConversationSummary, newest: Double)] = []
    var searchSources: [SearchSource] = []
    /// The CSS of every message appearance on the site's pages, by class name: `write` puts it in
    /// `appearances.css`.
    var appearanceCSS: [String: AppearanceCSS] = [:]
    /// Every conversation's parts of its people's pages.
    var personParts: [PersonPart] = []
}
