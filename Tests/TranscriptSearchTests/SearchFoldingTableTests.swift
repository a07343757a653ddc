import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSearch

@Suite struct SearchFoldingTableTests {
    static let tableFile = TestSupport.packageFolder.appendingPathComponent("Sources/TranscriptSearch/SearchFolding+Table.swift")

    /// The committed table is what Foundation's folding and the Unicode properties give now; with
    /// `TRANSCRIPTS_UPDATE_GENERATED=1` it is written anew first.
    @Test func theCommittedTableIsWhatFoundationGives() throws {
        let source = SearchFolding.tableSource(SearchFolding.measuredEntries())
        if ProcessInfo.processInfo.environment["TRANSCRIPTS_UPDATE_GENERATED"] == "1" {
            try source.write(to: Self.tableFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.tableFile, encoding: .utf8)
        #expect(
            committed == source,
            "Sources/TranscriptSearch/SearchFolding+Table.swift is not what this toolchain gives: run TRANSCRIPTS_UPDATE_GENERATED=1 swift test --filter SearchFoldingTableTests")
    }

    /// The table made from the committed runs and forms holds what was measured, character by character.
    @Test func theTableMadeFromTheRunsHoldsEachCharactersRoleAndForm() {
        let folding = SearchFolding.shared
        var mismatches: [String] = []
        for entry in SearchFolding.measuredEntries() {
            let scalar = Unicode.Scalar(entry.value)!
            var folded: [Unicode.Scalar] = []
            let covered = folding.fold(String(Character(scalar)), into: &folded)
            if folding.role(of: scalar) != entry.role || covered != (entry.form != nil) || (covered && folded != entry.form) {
                mismatches.append(String(entry.value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Runs longer than a run's count can say are cut in two.
    @Test func aLongRunIsCutWhereItsCountEnds() {
        let entries = (0..<70_000).map { _ in (value: UInt32(0x4E00), role: SearchScalarRole.unspaced, form: [Unicode.Scalar]?.some(["\u{4E00}"])) }
        let source = SearchFolding.tableSource(entries)
        #expect(source.contains("65535, 2, 4465, 2,"))
    }
}
