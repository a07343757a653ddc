import Foundation

/// An error for a person to read: where (a file and a line or a JSON path), and what went wrong.
public struct TranscriptsError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file the error is about, as the user named it (relative to where they ran the command).
    public var file: String?
    /// A line number in `file`, when the input is line-based or the place is known.
    public var line: Int?
    /// A column in `line`, counting from 1, when the place is known that precisely.
    public var column: Int?
    /// A JSON or YAML path in `file`, such as `messages[3].date`.
    public var path: String?
    /// What went wrong and, where it helps, what was expected.
    public var message: String

    /// An error about `file` (at `line` and `column`, or at `path` in it) saying `message`.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `file:line:column: at path: message`, leaving out what is unknown.
    public var description: String {
        var location = file ?? ""
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        if let path, !path.isEmpty { location += (location.isEmpty ? "" : ": ") + "at \(path)" }
        return location.isEmpty ? message : location + ": " + message
    }
}

extension TranscriptsError {
    /// Any error as a sentence for a person: ours as they are; the system's by their reason, without
    /// Foundation's `Error Domain=… Code=…` and user-info dump.
    public static func sentence(for error: any Error) -> String {
        if let error = error as? TranscriptsError { return error.description }
        if let error = error as? DecodingError { return TranscriptsError(decoding: error, file: "").description }
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain else {
            return String(describing: error)
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let reason = strerror(Int32(underlying.code))
        {
            return String(cString: reason)
        }
        if nsError.domain == NSPOSIXErrorDomain, let reason = strerror(Int32(nsError.code)) { return String(cString: reason) }
        // Foundation on Linux puts its own reason after a sentence that says nothing.
        let description = nsError.localizedDescription
        let generic = "The operation could not be completed. "
        return description.hasPrefix(generic) ? String(description.dropFirst(generic.count)) : description
    }

    /// Describes a decoding error: the coding path as `messages[3].date` and a readable message.
    package init(decoding error: any Error, file: String, line: Int? = nil, pathPrefix: String = "") {
        self.init(file: file, line: line, message: String(describing: error))
        guard let decodingError = error as? DecodingError else { return }
        let codingPath: [any CodingKey]
        switch decodingError {
        case .typeMismatch(let type, let context):
            codingPath = context.codingPath
            message = "expected \(Self.typeDescription(type)) (\(Self.trimmed(context.debugDescription)))"
        case .valueNotFound(let type, let context):
            codingPath = context.codingPath
            message = "expected \(Self.typeDescription(type)), found null"
        case .keyNotFound(let key, let context):
            codingPath = context.codingPath + [key]
            message = "\"\(key.stringValue)\" is required but missing"
        case .dataCorrupted(let context):
            codingPath = context.codingPath
            if let underlying = context.underlyingError {
                message = "not valid: " + Self.trimmed(String(describing: underlying))
            } else {
                message = Self.trimmed(context.debugDescription)
            }
        @unknown default:
            codingPath = []
        }
        path = Self.pathText(pathPrefix, codingPath)
    }

    package static func pathText(_ prefix: String, _ codingPath: [any CodingKey]) -> String {
        var text = prefix
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func typeDescription(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object (\(type))"
        }
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        if let range = text.range(of: "Debug description: ") { text = String(text[range.upperBound...]) }
        return text
    }
}
