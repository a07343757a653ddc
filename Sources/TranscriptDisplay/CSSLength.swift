import TranscriptModel

/// A CSS length a config may set: a number with `px`, `rem`, `em` or `%` (a bare number means pixels).
/// Nothing else is accepted, so a config value can never carry anything else into a stylesheet.
public struct CSSLength: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The length as CSS reads it: `32px`, `0.5rem`, `75%`.
    public let css: String

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units = ["px", "rem", "em", "%"]
        guard let unit = units.first(where: { trimmed.hasSuffix($0) }) ?? (Double(trimmed) != nil ? "" : nil) else {
            return nil
        }
        let number = String(trimmed.dropLast(unit.count))
        guard let value = Double(number), value >= 0, value < 10_000, !number.contains("e"), !number.contains("E")
        else { return nil }
        css = Self.format(value) + (unit.isEmpty ? "px" : unit)
    }

    public init(pixels: Double) { css = Self.format(pixels) + "px" }

    public var description: String { css }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeCSSValue(decoder, parse: CSSLength.init, expected: "a length (examples: 32, 32px, 2rem, 75%)")
    }
}

/// Space on the four sides of a box, as in CSS: `8px`, `4px 8px`, `4px 8px 6px`, `4px 8px 6px 10px`.
public struct CSSInsets: Sendable, Hashable, Decodable, CustomStringConvertible {
    public let sides: [CSSLength]

    public init?(_ text: String) {
        let parts = text.split(separator: " ").map(String.init)
        guard (1...4).contains(parts.count) else { return nil }
        let lengths = parts.compactMap(CSSLength.init)
        guard lengths.count == parts.count else { return nil }
        sides = lengths
    }

    /// The insets as a CSS `padding` value.
    public var css: String { sides.map(\.css).joined(separator: " ") }
    public var description: String { css }

    public init(from decoder: any Decoder) throws {
        self = try decodeCSSValue(decoder, parse: CSSInsets.init, expected: "an inset (examples: 8px, 4px 8px, 4px 8px 6px 10px)")
    }
}

import Foundation

/// Reads a CSS value written as a number or text in the config; errors say what was expected.
private func decodeCSSValue<Value>(_ decoder: any Decoder, parse: (String) -> Value?, expected: String) throws -> Value {
    let container = try decoder.singleValueContainer()
    let text = try (try? container.decode(Double.self)).map { String($0) } ?? container.decode(String.self)
    guard let value = parse(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not \(expected)")
    }
    return value
}
