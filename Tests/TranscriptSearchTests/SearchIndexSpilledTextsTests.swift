import Foundation
import Synchronization
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

/// The texts a conversation's part moved out of memory (`SearchDocumentList.spillTexts(to:)`) are read back when the
/// index's document files are made, and handed back as they go: none of them stays in memory once written.
@Suite struct SearchIndexSpilledTextsTests {
    #if os(Linux)
    @Test func documentFilesHandBackTheSpilledTextsTheyRead() throws {
        let folder = try TestSupport.temporaryFolder().path
        let words = String(repeating: "lorem ipsum dolor ", count: 12)
        // Each part's texts in several files, as a long conversation's are moved out while its pages are rendered.
        let parts = try [("Alpha", 0), ("Beta", 5)].map { title, offset in
            let whole = SearchIndexUpdateTests.part(title, (0..<20_000).map {
                SearchIndexUpdateTests.Message(seconds: Int64($0) * 10 + Int64(offset), sender: "Ann", text: "\(title) \($0) " + words)
            })
            var part = whole
            part.documents = SearchDocumentList()
            for position in whole.documents.indices {
                part.documents.append(whole.documents, at: position)
                if position % 3000 == 2999 { try part.documents.spillTexts(to: folder) }
            }
            try part.documents.spillTexts(to: folder)
            return part
        }
        #expect(parts.allSatisfy { $0.documents.textBytes > 4 << 20 && $0.documents.textBytesInMemory == 0 })
        var builder = SearchIndexBuilder(parts: parts)
        let resident = Mutex<[Int]>([])
        _ = try builder.write(timeZone: "UTC", locale: "en-GB", reuse: nil) { files in
            guard files.contains(where: { $0.path.hasPrefix("search/d/") }) else { return }
            let kiB = Self.residentKiB(ofFilesIn: folder)
            resident.withLock { $0.append(kiB) }
        }
        let residentWhileWriting = resident.withLock { $0 }
        // Several batches of document files, each read from the spilled texts (9 MB in 14 files); once all are
        // made, none of those pages is left (but a file's last, which it shares with no other).
        #expect(residentWhileWriting.count > 1)
        #expect(Self.residentKiB(ofFilesIn: folder) < 64)
        withExtendedLifetime(builder) {}
    }

    /// How many KiB of the mappings of files in `folder` are in this process's memory (`/proc/self/smaps`).
    static func residentKiB(ofFilesIn folder: String) -> Int {
        // Read as a stream: a file of /proc says its size is 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? handle.readToEnd() else { return -1 }
        var inMapping = false
        var total = 0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.split(separator: " ").count >= 5, line.contains("-") {
                inMapping = line.contains(folder + "/")
            } else if inMapping, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ")[1]) ?? 0
            }
        }
        return total
    }
    #endif
}
