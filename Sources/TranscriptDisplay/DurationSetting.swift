import Foundation

/// A duration written as seconds (`3600`) or with units (`90m`, `1h`, `1h30m`, `2d`, `45s`).
package struct DurationSetting: Decodable {
    package var seconds: TimeInterval

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a duration cannot be negative")
            }
            seconds = number
            return
        }
        let text = try container.decode(String.self)
        guard let parsed = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a duration (examples: 3600, 90m, 1h, 1h30m, 2d)")
        }
        seconds = parsed
    }

    package static func parse(_ text: String) -> TimeInterval? {
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: return nil
            }
            guard let value = Double(number) else { return nil }
            total += value * unit
            number = ""
            sawUnit = true
        }
        if !number.isEmpty {
            guard !sawUnit, let value = Double(number) else { return nil }
            total += value
        }
        return sawUnit || !text.isEmpty ? total : nil
    }
}

extension KeyedDecodingContainer {
    /// A duration in seconds (`3600`, `90m`, `1h30m`), or nil when the key is absent: for a config key marked
    /// `// decode: decodeDuration`.
    package func decodeDuration(forKey key: Key) throws -> TimeInterval? {
        try decodeIfPresent(DurationSetting.self, forKey: key)?.seconds
    }
}
