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
public struct FindBarSettings: Sendable, Equatable, Decodable {
    public var padding: CSSInsets?
    public var textViewPadding: CSSInsets?
    /// The width of the left stack; `0` hides it, unset sizes it to its content.
    public var leftStackWidth: CSSLength?
    /// The width of the right stack; `0` hides it, unset sizes it to its content.
    public var rightStackWidth: CSSLength?

    public init(
        padding: CSSInsets? = nil, textViewPadding: CSSInsets? = nil, leftStackWidth: CSSLength? = nil,
        rightStackWidth: CSSLength? = nil
    ) {
        self.padding = padding
        self.textViewPadding = textViewPadding
        self.leftStackWidth = leftStackWidth
        self.rightStackWidth = rightStackWidth
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case padding, textViewPadding, leftStackWidth, rightStackWidth }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        padding = try container.decodeIfPresent(CSSInsets.self, forKey: .padding)
        textViewPadding = try container.decodeIfPresent(CSSInsets.self, forKey: .textViewPadding)
        leftStackWidth = try container.decodeIfPresent(CSSLength.self, forKey: .leftStackWidth)
        rightStackWidth = try container.decodeIfPresent(CSSLength.self, forKey: .rightStackWidth)
    }

    /// Whether a stack of this width is hidden (a width of zero in any unit).
    static func hides(_ width: CSSLength?) -> Bool {
        guard let width else { return false }
        return Double(width.css.prefix { "0123456789.".contains($0) }) == 0
    }
}
