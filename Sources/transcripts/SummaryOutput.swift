import ArgumentParser
import Foundation
import TranscriptSite
import TranscriptSupport

/// How `build` and `assemble` end: the summary on stdout, warnings and errors on stderr, the stages with
/// `--verbose`, the JSON report with `--report`.
struct SummaryOutput {
    var quiet: Bool
    var verbose: Bool
    var report: String?

    /// Runs `work` (a build) and says what it did; an error is printed and ends the command with exit code 1.
    func run(_ progress: ProgressLine, _ work: () throws -> BuildSummary) throws {
        do {
            let summary = try work()
            progress.clear()
            if !quiet { print(summary.report) }
            // Diagnostics go to stderr, the summary to stdout.
            FileHandle.standardError.write(Data(summary.warningLines.utf8))
            if verbose && !quiet {
                for line in summary.mergeDetails { print(line) }
                for stage in summary.stages { print("stage " + stage.line) }
            }
            if let report {
                try summary.json.write(to: URL(fileURLWithPath: report), options: .atomic)
            }
        } catch {
            progress.clear()
            FileHandle.standardError.write(Data("error: \(TranscriptsError.sentence(for: error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
