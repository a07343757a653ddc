import Foundation
import TranscriptDisplay
import TranscriptModel
import TranscriptSearch

/// What a later build needs to know of one rendered page to take it over unrendered: a digest of everything
/// the page shows (`PageDigests`), and its appearances: their contrast warnings (which the build reports
/// again) and their CSS (which the site's `appearances.css` holds).
package struct PageRecord: Codable, Equatable, Sendable {
    package var digest: String
    /// The contrast warnings of the page's appearances, by class name.
    package var looks: [String: [String]]
    /// The CSS of the page's appearances, by class name.
    package var css: [String: AppearanceCSS]

    package init(digest: String, looks: [String: [String]], css: [String: AppearanceCSS]) {
        self.digest = digest
        self.looks = looks
        self.css = css
    }
}

/// The CSS of one message appearance (see `MessageAppearance`): the declarations of its class in light and
/// in dark mode.
package struct AppearanceCSS: Codable, Equatable, Sendable {
    package var light: String
    package var dark: String

    package init(light: String, dark: String) {
        self.light = light
        self.dark = dark
    }

    package init(_ appearance: MessageAppearance) {
        self.init(light: appearance.lightProperties, dark: appearance.darkProperties)
    }
}

/// What the renderer is told of a conversation's previous rendering (by the build cache, which it knows
/// nothing else of): the previous pages' records, the previous search part, and a way to take a page over.
/// Pages whose digest is the same are taken over from the previous output instead of being rendered, and
/// their share of the search index comes from the previous search part.
package struct PreviousRendering {
    package var pages: [String: PageRecord]
    package var searchPart: SearchConversationPart?
    /// Takes the previous output's page over (by its file name in the conversation's folder); false when it
    /// cannot be.
    package var takeOver: (String) throws -> Bool

    package init(pages: [String: PageRecord], searchPart: SearchConversationPart? = nil, takeOver: @escaping (String) throws -> Bool) {
        self.pages = pages
        self.searchPart = searchPart
        self.takeOver = takeOver
    }
}

/// The pages of message rows taken over from the conversation's previous rendering (those whose digest is the
/// same and whose file could be taken), with what the rendering needs of them: their records and looks' warnings,
/// and the search documents and postings of the month pages' messages from the previous search part.
struct PageReuse {
    /// The positions of the pages taken over, in the list of pages of message rows.
    package var pages = Set<Int>()
    package var records: [String: PageRecord] = [:]
    var lookWarnings: [String: [String]] = [:]
    var css: [String: AppearanceCSS] = [:]
    /// The previous part's documents of the messages on month pages taken over; nil when none are.
    package var documents: SearchConversationPart.TakenDocuments?

    init() {}

    init(previous: PreviousRendering, list: MessagePageList, indexing: Bool, messageCount: Int) throws {
        for (position, page) in list.pages.enumerated() {
            guard let digest = page.digest, let record = previous.pages[page.file], record.digest == digest,
                try previous.takeOver(page.file)
            else { continue }
            pages.insert(position)
            records[page.file] = record
            lookWarnings.merge(record.looks) { first, _ in first }
            css.merge(record.css) { first, _ in first }
        }
        let monthPages = pages.filter { list.planNumbers[$0] != nil }
        guard indexing, !monthPages.isEmpty, let old = previous.searchPart else { return }
        var isTaken = [Bool](repeating: false, count: messageCount)
        for position in monthPages {
            for index in list.pages[position].messages { isTaken[index] = true }
        }
        // The old postings, without those of the pages rendered again.
        var postings: [String: [UInt32]] = [:]
        for (number, term) in old.postings.terms.enumerated() {
            let list = old.postings.list(at: number)
            let kept = list.filter { isTaken[Int($0 >> 2)] }
            if !kept.isEmpty { postings[term] = kept }
        }
        documents = .init(previous: old.documents, isTaken: isTaken, postings: postings)
    }
}
