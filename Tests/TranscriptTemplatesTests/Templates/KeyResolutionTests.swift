import Testing

@testable import TranscriptTemplates

/// The compiled renderer asks each type of object once how it answers a name, and then asks objects of that
/// type by number: what it shows is what looking every name up by name shows (swift-mustache).
@Suite struct KeyResolutionTests {
    enum First {}
    enum Second {}
    enum Third {}
    enum Fourth {}
    enum Fifth {}
    enum Sixth {}

    /// A model whose type is one per tag: six types that all have the key `label`.
    struct Labelled<Tag>: TemplateModel {
        let label: String?
        let extra: String

        enum TemplateKey: String, CaseIterable, Sendable {
            case label, extra
        }

        static var templateKeyIndex: TemplateKeyIndex<TemplateKey> { TemplateKeyIndex() }

        func templateValue(_ key: TemplateKey) -> TemplateValue? {
            switch key {
            case .label: label.templateValue
            case .extra: .text(extra)
            }
        }
    }

    typealias Object = CompiledTemplateTests.Object

    @Test func aNameAnsweredByManyTypesShowsEachOnesValue() throws {
        let items: [any TemplateObject] = [
            TemplateBox(Labelled<First>(label: "1", extra: "a")),
            TemplateBox(Labelled<Second>(label: "2", extra: "b")),
            Object(values: ["label": .text("dictionary")]),
            TemplateBox(Labelled<Third>(label: nil, extra: "c")),
            TemplateBox(Labelled<Fourth>(label: "4", extra: "d")),
            Object(values: [:]),
            TemplateBox(Labelled<Fifth>(label: "5", extra: "e")),
            TemplateBox(Labelled<Sixth>(label: "6", extra: "f")),
            TemplateBox(Labelled<First>(label: "1 again", extra: "g")),
            TemplateBox(Labelled<Sixth>(label: nil, extra: "h")),
            Object(values: ["label": .text("another dictionary"), "extra": .text("i")]),
        ]
        let outer = Object(values: ["label": .text("outer"), "extra": .text("outer extra"), "items": .list(items)])
        let source = "{{#items}}[{{label}}|{{extra}}|{{.label}}]{{/items}}"
        let compiled = try #require(CompiledPartials(sources: ["t": source], names: ["t"]))
        let fast = try compiled.render("t", .object(outer))
        #expect(fast == "[1|a|1][2|b|2][dictionary|outer extra|dictionary][outer|c|][4|d|4][outer|outer extra|][5|e|5]"
            + "[6|f|6][1 again|g|1 again][outer|h|][another dictionary|i|another dictionary]")
        var library = MustacheLibraryForTests()
        try library.register(TemplateSet.escapingPragma + source, named: "t")
        #expect(library.render(outer, "t") == fast)
    }

    @Test func modelsNumberTheirKeys() {
        typealias Box = TemplateBox<Labelled<First>>
        let box = Box(Labelled<First>(label: "L", extra: "E"))
        for name in ["label", "extra"] {
            guard case .number(let number) = Box.templateKeyResolution(named: name) else {
                Issue.record("\(name) has no number")
                continue
            }
            #expect(String(describing: box.templateValue(numbered: number)) == String(describing: box.templateValue(for: name)))
        }
        #expect(Box.templateKeyResolution(named: "other") == .absent)
        #expect(Object.templateKeyResolution(named: "label") == .byName)
    }
}
