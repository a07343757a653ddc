import TranscriptSupport

extension TranscriptsError {
    /// A syntax error of a JSON file: `file:line:column: at messages[12].text: invalid JSON at byte offset 4017:
    /// the file ends inside a string (it may be cut short)`. `pathPrefix` is the path of the checked document in
    /// the file, for a part checked on its own.
    package init(syntax problem: JSONSyntaxCheck.Problem, file: String, pathPrefix: String = "") {
        let path = pathPrefix.isEmpty || problem.path.isEmpty || problem.path.hasPrefix("[")
            ? pathPrefix + problem.path : pathPrefix + "." + problem.path
        self.init(
            file: file, line: problem.line, column: problem.column, path: path,
            message: "invalid JSON at byte offset \(problem.offset): \(problem.reason)")
    }

    /// A mapping error (a value in the wrong shape, with its JSON path) placed in its file: the line and column of
    /// the value at its path in `bytes`, whose document starts at `start`. `pathPrefix` is the path of that
    /// document in the file, when it is a part of it (a line of JSON Lines has none).
    package init(
        decoding error: any Error, file: String, bytes: UnsafeBufferPointer<UInt8>, documentAt start: Int = 0,
        pathPrefix: String = ""
    ) {
        self.init(decoding: error, file: file, pathPrefix: pathPrefix)
        guard let decodingError = error as? DecodingError else { return }
        let codingPath: [any CodingKey]
        switch decodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            codingPath = context.codingPath
        case .keyNotFound(_, let context):
            codingPath = context.codingPath
        @unknown default:
            return
        }
        let offset = JSONScanner(bytes: bytes).offset(of: codingPath.map(AnyCodingKey.init), inDocumentAt: start)
        let position = TextPosition.of(offset, in: bytes)
        line = position.line
        column = position.column
    }
}
