import Foundation
import TranscriptDisplay
import TranscriptModel
import TranscriptSupport

/// The `findBar:` block of `transcripts.yml`: MessageKit's `MessageInputBar` measures for the find bar docked
/// at the bottom of conversation pages.
///
/// ```yaml
/// findBar:
///   padding: 8px 12px          # around the whole bar
///   textViewPadding: 6px 10px  # inside the query field
///   leftStackWidth: 0          # 0 hides the left stack (the sender filter)
///   rightStackWidth: 10rem     # previous, next and "3 of 17"
/// ```
// generate: Decodable
public struct FindBarSettings: Sendable, Equatable, Decodable {
    /// Space around the whole bar.
    public var padding: CSSInsets?
    /// Space inside the query field.
    public var textViewPadding: CSSInsets?
    /// The width of the left stack; `0` hides it, unset sizes it to its content.
    public var leftStackWidth: CSSLength?
    /// The width of the right stack; `0` hides it, unset sizes it to its content.
    public var rightStackWidth: CSSLength?

    /// Reads the block's keys, as declared above (`init(keysFrom:)` is written by the TemplateKeys plugin).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
    }

    /// Whether a stack of this width is hidden (a width of zero in any unit).
    static func hides(_ width: CSSLength?) -> Bool {
        guard let width else { return false }
        return Double(width.css.prefix { "0123456789.".contains($0) }) == 0
    }
}
