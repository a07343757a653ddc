#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A colour as CSS reads it: `#rgb`, `#rrggbb`, `#rrggbbaa` or `transparent`. Only these forms are
/// accepted, so a colour from a config can never carry anything else into a stylesheet.
public struct CSSColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour as written in CSS, lowercased: `#1f7a3a`.
    public let css: String

    /// Parses a colour; nil for anything that is not one of the accepted forms.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        if lowered == "transparent" {
            css = lowered
            return
        }
        guard lowered.first == "#", [4, 7, 9].contains(lowered.count),
              lowered.dropFirst().allSatisfy({ $0.isHexDigit })
        else { return nil }
        css = lowered
    }

    public var description: String { css }

    /// Red, green, blue and alpha from 0 to 1.
    package var components: (red: Double, green: Double, blue: Double, alpha: Double) {
        if css == "transparent" { return (0, 0, 0, 0) }
        var hex = String(css.dropFirst())
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        let value = UInt64(hex, radix: 16) ?? 0
        if hex.count == 8 {
            return (Double(value >> 24 & 0xFF) / 255, Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255,
                    Double(value & 0xFF) / 255)
        }
        return (Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255, 1)
    }

    /// WCAG 2 relative luminance.
    var luminance: Double {
        func channel(_ value: Double) -> Double {
            value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let (red, green, blue, _) = components
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// The WCAG 2 contrast ratio of two opaque colours (1 to 21).
    package func contrast(with other: CSSColor) -> Double {
        let (lighter, darker) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (lighter + 0.05) / (darker + 0.05)
    }
}
