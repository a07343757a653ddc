import TranscriptTemplates

extension TemplateSet {
    /// Renders rows with the `message` template, one after another, as UTF-8 bytes (they are written as they
    /// are: making a `String` of them would check every byte again). A month page puts them in the page's frame
    /// itself, so their very long words get their places to break here (`LongWordBreaks`), as a page's do.
    func renderRows(_ rows: [MessageRowObject]) throws -> [UInt8] {
        if let compiled = compiledMessage, compiled.contains("message"),
            !compiled.usesDynamicPartials || Self.namesOnlyCompiled(rows, in: compiled)
        {
            var output: [UInt8] = []
            try Self.guardingDepth(of: "message") {
                try compiled.render("message", each: rows.map { .object($0) }, base: .object(stringsObject), into: &output)
            }
            return LongWordBreaks.insert(in: output)
        }
        return LongWordBreaks.insert(in: Array(try renderRowsWithMustache(rows).utf8))
    }

    /// Renders rows with swift-mustache: the reference the compiled renderer is tested against.
    func renderRowsWithMustache(_ rows: [MessageRowObject]) throws -> String {
        try render(["rows": rows], template: Self.rowsTemplateName, values: rows.count)
    }

    /// Whether every footer and kind template the rows name is compiled; a name is looked up only when it differs
    /// from the row before's (rows name the same few over and over).
    private static func namesOnlyCompiled(_ rows: [MessageRowObject], in compiled: CompiledPartials) -> Bool {
        var footer: String?
        var kind: String?
        for row in rows {
            if row.row.footerTemplate != footer {
                guard compiled.contains(row.row.footerTemplate) else { return false }
                footer = row.row.footerTemplate
            }
            if row.row.body.kindTemplate != kind {
                guard compiled.contains(row.row.body.kindTemplate) else { return false }
                kind = row.row.body.kindTemplate
            }
        }
        return true
    }
}
