import Testing

@testable import TemplateKeysTool

/// A declaration the generator cannot map fails the build at its file and line; no field is left out quietly.
@Suite struct KeysGeneratorErrorTests {
    func error(in text: String) -> GenerationError? {
        do {
            _ = try KeysGenerator.generate([.init(path: "/t/Model.swift", name: "Model.swift", text: text)])
            return nil
        } catch {
            return error
        }
    }

    @Test func aTypeWithoutAValueIsAnErrorAtItsLine() {
        let text = """
            struct Model: TemplateModel {
                var title: String

                var date: Date
            }
            """
        #expect(error(in: text)?.description == "/t/Model.swift:4: error: `date`: no template value for type `Date`: it is neither "
            + "text, a flag, a number, nor a model or object of this target; mark the property `// template: skip`, or make a "
            + "computed key of a type that maps")
    }

    @Test func everyMisuseIsNamedAtItsLine() {
        let cases: [(String, Int, String)] = [
            ("var a, b: String", 2, "declare one property per `var`, so that each has its own type"),
            ("var title = \"\"", 2, "declare the type of `title` (`title: Type`): its template value is chosen by it"),
            ("// template: hide\nvar title: String", 2,
             "unknown marker `// template: hide`; known are `// template: skip`, `// template: key`, `// template: text`"),
            ("// template: key\nvar title: String", 3, "`title` is stored, so it is a key already; remove `// template: key`"),
            ("// template: skip\nvar title: String { \"\" }", 3,
             "a computed property is no key unless marked `// template: key`; nothing to skip"),
            ("// template: text\nvar title: String", 3, "`title`: `// template: text` is for `Int` and `Int?`, not `String`"),
            ("// template: skip\nstatic let title: String = \"\"", 3, "a static property is no key; remove its `// template:` marker"),
            ("// template: key\nfunc title() {}", 2, "`// template: key` belongs directly above a property"),
            ("var flag: Bool?", 2,
             "`flag`: no template value for type `Bool?`: it is neither text, a flag, a number, nor a model or object of this "
                + "target; mark the property `// template: skip`, or make a computed key of a type that maps"),
        ]
        for (member, line, message) in cases {
            let text = "struct Model: TemplateModel {\n" + member + "\n}\n"
            #expect(error(in: text) == GenerationError(path: "/t/Model.swift", line: line, message: message), "\(member)")
        }
    }

    @Test func markersOutsideAModelAndUnreadableSourcesAreErrors() {
        #expect(error(in: "// template: skip\nlet x = 1\n") == GenerationError(
            path: "/t/Model.swift", line: 1, message: "`// template: skip` belongs directly above a property"))
        #expect(error(in: "struct M {\n    // template: skip\n    var s: String\n}\n") == GenerationError(
            path: "/t/Model.swift", line: 3,
            message: "`// template:` markers are read only in a type that declares `TemplateModel` and not `enum TemplateKey`"))
        #expect(error(in: "struct M: TemplateModel {\n    var s = \"open\n}\n") == GenerationError(
            path: "/t/Model.swift", line: 2, message: "unterminated string literal"))
        #expect(error(in: "private struct M: TemplateModel { var s: String }\n") == GenerationError(
            path: "/t/Model.swift", line: 1, message: "M is private: its generated keys, in another file, could not see it"))
        #expect(error(in: "struct M: TemplateModel {}\nextension M {\n    // template: key\n    var a: Bool { true }\n}\n") == GenerationError(
            path: "/t/Model.swift", line: 3,
            message: "`// template: key` in an extension: a model's keys are read from its own declaration"))
        #expect(error(in: "struct M {}\nextension M: TemplateModel {}\n") == GenerationError(
            path: "/t/Model.swift", line: 2, message: "declare `TemplateModel` on M's own declaration, where its properties are"))
    }
}
