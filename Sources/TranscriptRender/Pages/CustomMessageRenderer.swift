import TranscriptModel
import TranscriptTemplates

/// Draws a custom message kind: TUIKit's cell data (the values) and cell (the template), registered in code.
///
/// ```swift
/// struct OrderRenderer: CustomMessageRenderer {
///     let kind = "order"
///     let template = "{{#content}}<p class=\"order\">Order {{number}}: {{total}}</p>{{/content}}"
///     func values(for content: CustomContent, in message: Message) -> [String: TemplateValue] {
///         guard case .object(let payload) = content.payload else { return [:] }
///         return ["number": .text(payload["number"]?.displayText ?? "?"), "total": .text(payload["total"]?.displayText ?? "")]
///     }
/// }
/// let builder = SiteBuilder(options: options, customRenderers: [OrderRenderer()])
/// ```
///
/// The template is registered as `messages/KIND`; a site's own `Templates/messages/KIND.mustache` still takes
/// its place. Without a renderer, a custom kind is drawn by `messages/KIND` when the site has that template
/// (reading the payload's keys), else as a labelled block of its fields.
public protocol CustomMessageRenderer: Sendable {
    /// The custom kind this renderer draws.
    var kind: String { get }
    /// The Mustache source of the kind's template; the values are under `content`.
    var template: String { get }
    /// The values the template shows (the cell data); strings are escaped by the template as usual.
    func values(for content: CustomContent, in message: Message) -> [String: TemplateValue]
}
