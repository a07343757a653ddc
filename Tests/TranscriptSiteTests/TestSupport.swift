import Foundation
@_exported import TranscriptImportTestSupport
@_exported import TranscriptTestSupport

@testable import TranscriptSupport

/// The site's tests' own shared helpers.
extension TestSupport {
    /// The folder of a site's one conversation (`public/c/<folder>`), whatever its name (with pseudonyms, a keyed digest).
    static func onlyConversationFolder(of site: URL) throws -> URL {
        let top = site.appendingPathComponent("public/c")
        let folders = try FileManager.default.contentsOfDirectory(atPath: top.path)
        guard folders.count == 1 else { throw TranscriptsError(file: top.path, message: "\(folders.count) conversation folders") }
        return top.appendingPathComponent(folders[0])
    }
}
