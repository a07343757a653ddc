import TranscriptTemplates

/// A file a page producer asks for: where it goes, the template that makes it and the model the template reads
/// (a producer returns values, never markup: the templates make it).
public struct ProducedPage: Sendable {
    /// The file's path: in the conversation's folder for a conversation's page (`media.html`), in the site for a
    /// site's page (`index.html`).
    public var file: String
    /// The template that makes the file, by name (`timeline`, or a template of the site's own).
    public var template: String
    public var model: any TemplateModel
    /// A digest of everything the file shows, when the producer can tell: a later build whose page has the same
    /// digest takes the previous build's file over unrendered. Nil: made by every build that renders the
    /// conversation.
    public var digest: String?
    /// Whether the file counts among the build's pages (a feed does not).
    public var countsAsPage: Bool

    public init(file: String, template: String, model: any TemplateModel, digest: String? = nil, countsAsPage: Bool = true) {
        self.file = file
        self.template = template
        self.model = model
        self.digest = digest
        self.countsAsPage = countsAsPage
    }

    /// The file's text: the model through its template.
    public func render(with templates: TemplateSet) throws -> String {
        try Self.render(model, template: template, with: templates)
    }

    /// Renders a model given as `any TemplateModel`, opened here for the typed path of `TemplateSet.render`.
    private static func render(_ model: some TemplateModel, template: String, with templates: TemplateSet) throws -> String {
        try templates.render(model, template: template)
    }
}
