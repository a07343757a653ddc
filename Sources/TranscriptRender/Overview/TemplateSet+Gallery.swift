import TranscriptTemplates

extension TemplateSet {
    /// Renders gallery entries, one after another, with their section's entry template
    /// (`partials/gallery-media`, `-files`, `-links`), compiled when it can be (there are thousands).
    func renderGalleryEntries(_ entries: [GalleryEntry], section: GallerySection) throws -> String {
        let values = entries.map { TemplateValue.model($0) }
        if let compiled = compiledGallery, compiled.contains(section.entryTemplate) {
            var output: [UInt8] = []
            try Self.guardingDepth(of: section.entryTemplate) {
                try compiled.render(section.entryTemplate, each: values, base: .object(stringsObject), into: &output)
            }
            return String(decoding: output, as: UTF8.self)
        }
        return try entries.map { try render($0, template: section.entryTemplate) }.joined()
    }
}
