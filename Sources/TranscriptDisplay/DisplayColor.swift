import TranscriptModel

/// A colour for light mode and one for dark mode (MessageKit returns a `UIColor`, which may be dynamic).
public struct DisplayColor: Sendable, Hashable {
    public var light: CSSColor
    public var dark: CSSColor

    public init(light: CSSColor, dark: CSSColor? = nil) {
        self.light = light
        self.dark = dark ?? light
    }

    /// A colour from `#rrggbb` texts; traps on a malformed literal (for the built-in defaults).
    public init(_ light: StaticString, dark: StaticString? = nil) {
        self.init(light: CSSColor("\(light)")!, dark: dark.map { CSSColor("\($0)")! })
    }
}
