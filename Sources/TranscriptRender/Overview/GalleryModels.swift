import TranscriptModel
import TranscriptTemplates
/// A conversation's gallery pages (`media.html`, `files.html`, `links.html`, and `-2`, `-3`, ... when long): its
/// photos and videos, its files, its links, each entry linking to its message.
public struct GalleryPage: Sendable, TemplateModel {
    public var site: SiteContext
    /// The conversation's title.
    public var title: String
    /// The section's name: `Photos and videos`, `Files`, `Links`.
    public var heading: String
    // template: skip
    public var section: GallerySection
    /// Which section the page shows, one flag each.
    // template: key
    var isMedia: Bool { section == .media }
    // template: key
    var isFiles: Bool { section == .files }
    // template: key
    var isLinks: Bool { section == .links }
    /// `12 photos and videos`, and the page's place when there are several (`page 2 of 3`).
    public var countText: String
    public var pageText: String?
    /// The page's entries, rendered with the section's entry template (`partials/gallery-media`, ...).
    public var entriesHTML: String
    public var previous: PageLink?
    public var next: PageLink?
    /// Whether there is a previous or a next page.
    // template: key
    var hasNeighbours: Bool { previous != nil || next != nil }
}

/// The three kinds of gallery page.
public enum GallerySection: String, Sendable, CaseIterable {
    case media, files, links

    /// The section's name, on its page and in the overview's links.
    func heading(_ strings: StringTable) -> String {
        switch self {
        case .media: strings.text("photosAndVideos")
        case .files: strings.text("files")
        case .links: strings.text("links")
        }
    }

    /// `3 files`.
    func count(_ count: Int, strings: StringTable) -> String {
        switch self {
        case .media: strings.plural("photoOrVideoCount", count: count)
        case .files: strings.plural("fileCount", count: count)
        case .links: strings.plural("linkCount", count: count)
        }
    }

    /// The template of one entry.
    var entryTemplate: String { "partials/gallery-" + rawValue }

    /// Entries on one page.
    static let pageSize = 200

    /// The file of the section's page `number` (from 1): `media.html`, `media-2.html`.
    func file(page number: Int) -> String {
        rawValue + (number > 1 ? "-\(number)" : "") + ".html"
    }
}

/// An entry of a gallery page: a photo or video (with its picture when there is one), a file, or a link.
/// `permalink` is its message's address; `meta` names who sent it and when.
public struct GalleryEntry: Sendable, Codable, Equatable, TemplateModel {
    public var permalink: String
    public var meta: String
    /// A photo's or video's picture: its address, size on the page and text alternative.
    public var image: String?
    // template: text
    public var width: Int?
    // template: text
    public var height: Int?
    public var alt: String
    /// What the entry is, when it has no picture (`Video`), or a file's name, or a link's text.
    public var label: String
    /// A file's or link's address (nil for a file the export left out).
    public var href: String?
    /// A file's size, as text.
    public var size: String?
    public var isVideo: Bool
}

/// A link from the overview to a gallery section: `Files (3)`.
public struct GalleryLink: Sendable, TemplateModel {
    public var url: String
    public var title: String
    public var count: String
}
