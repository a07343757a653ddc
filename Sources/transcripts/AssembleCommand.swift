import ArgumentParser
import Foundation
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// `transcripts assemble [SITE] --parts PART... [--output DIR]`
struct AssembleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Join the parts that builds with --shard K/N made into the site.",
        discussion: """
            Each part is the output of `transcripts build SITE --shard K/N --output PART`; give all N of them, in any \
            order. The site is written to the config's output folder (or --output) all at once, byte for byte what \
            one build of the whole site writes: the parts' pages and media are linked (or copied), and the index, \
            the people pages and the search index are written from what the parts recorded. No export is read. \
            The parts must come from the same exports, config, templates, privacy and scope flags and transcripts \
            binary. See docs/ci.md.
            """
    )

    @Argument(help: "The site folder.", completion: .directory)
    var site: String = "."

    @Option(parsing: .upToNextOption, help: ArgumentHelp("The parts' folders (one per shard).", valueName: "part"))
    var parts: [String] = []

    @Option(name: [.short, .long], help: "Write the site to this folder instead of the config's output.")
    var output: String?

    @Option(name: [.short, .long], help: "Read this config file instead of SITE/transcripts.yml.")
    var config: String?

    @OptionGroup(title: "Privacy") var privacy: PrivacyOptions

    @OptionGroup(title: "Scope") var scope: ScopeOptions

    @Flag(help: "Fail (and keep the previous output) when the parts' conversations had warnings.")
    var strict = false

    @Option(help: ArgumentHelp("Also write the summary as JSON to this file (counts, warnings), for CI.", valueName: "file"))
    var report: String?

    @Flag(help: "Also print each stage's time and counts.")
    var verbose = false

    @Flag(name: [.short, .long], help: "Print no progress and no summary: only warnings and errors (on stderr).")
    var quiet = false

    func run() throws {
        let progress = ProgressLine(quiet: quiet)
        let options = BuildOptions(
            site: URL(fileURLWithPath: site), configFile: config.map { URL(fileURLWithPath: $0) },
            output: output.map { URL(fileURLWithPath: $0) }, strict: strict, clean: true, privacy: privacy.flags,
            scope: scope.settings)
        let builder = SiteBuilder(options: options, progress: progress.handler)
        try SummaryOutput(quiet: quiet, verbose: verbose, report: report).run(progress) {
            try builder.assemble(parts: parts.map { URL(fileURLWithPath: $0) })
        }
    }
}
