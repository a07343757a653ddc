import Mustache
import Synchronization
import TranscriptModel
import TranscriptSupport

/// swift-mustache's library of a template set, made the first time something is rendered with swift-mustache.
///
/// The compiled renderer renders every page and row of a build whose templates it covers, as the built-in ones
/// are; swift-mustache then only renders what asks for it by name (`TemplateSet.render(_:template:)` with a
/// value that is not a template model, the tests that compare the two renderers). Parsing every template for it
/// was the largest part of starting a build (a one-message edit included), so only the templates that are not
/// built in (the site's own, those registered in code) are parsed up front, where their syntax errors stop the
/// build before anything is rendered; the built-in ones parse (a test checks it) and wait for the first use.
final class MustacheTemplates: Sendable {
    /// The templates' names, in the order of their numbers (see `MustacheNesting`).
    let names: [String]
    private let sources: [String: String]
    private let checked: [String: MustacheTemplate]
    private let origin: [String: String]
    private let library = Mutex<MustacheLibrary?>(nil)

    /// The templates `sources` (by name; `origin` says where each came from, for errors); those named in `check`
    /// are parsed now, and a syntax error in one of them is thrown.
    init(sources: [String: String], origin: [String: String], check: Set<String>) throws {
        names = sources.keys.sorted()
        self.sources = sources
        self.origin = origin
        let pragma = TemplateSet.escapingPragma
        let parsed = try names.filter(check.contains).map { ($0, sources[$0]!) }.concurrentMap { name, source in
            (name, Result { try MustacheTemplate(string: pragma + source) })
        }
        var checked: [String: MustacheTemplate] = [:]
        for (name, result) in parsed {
            checked[name] = try Self.parsed(result, name: name, origin: origin)
        }
        self.checked = checked
    }

    /// The library: every template under its number, and under its name a wrapper that counts how deep
    /// templates nest (`MustacheNesting`). Made on first use (on all cores); a syntax error is thrown.
    func get() throws -> MustacheLibrary {
        try library.withLock { library in
            if let library { return library }
            let pragma = TemplateSet.escapingPragma
            let parsed = try names.enumerated().map { ($0, $1) }.concurrentMap { index, name in
                (body: checked[name].map { .success($0) } ?? Result { try MustacheTemplate(string: pragma + self.sources[name]!) },
                 wrapper: try MustacheTemplate(string: MustacheNesting.wrapper(index)))
            }
            var made = MustacheLibrary()
            for (index, name) in names.enumerated() {
                made.register(try Self.parsed(parsed[index].body, name: name, origin: origin), named: MustacheNesting.body(index))
                made.register(parsed[index].wrapper, named: name)
            }
            library = made
            return made
        }
    }

    /// The template `result` holds, or the error that names the template `name` and where its syntax is wrong.
    private static func parsed(
        _ result: Result<MustacheTemplate, any Error>, name: String, origin: [String: String]
    ) throws -> MustacheTemplate {
        do {
            return try result.get()
        } catch let error as MustacheTemplate.ParserError {
            throw TranscriptsError(
                file: origin[name], line: max(1, error.context.lineNumber - 1),
                message: "template syntax error at column \(error.context.columnNumber): \(error.error)")
        } catch {
            throw TranscriptsError(file: origin[name], message: "template syntax error: \(error)")
        }
    }
}
