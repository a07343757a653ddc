import ArgumentParser
import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// `transcripts build [SITE] [--output DIR] [--config FILE]`
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a site: read the exports, render every page, write the site folder.",
        discussion: """
            SITE is a folder with a transcripts.yml config and the exports it names (default: the current \
            folder). The site is written to the config's output folder (default: SITE/public) all at once: \
            when the build fails, the previous output stays as it was. Builds are incremental: pages whose \
            inputs did not change are taken over from the previous output (see SITE/.transcripts-cache); \
            --clean renders everything.
            """
    )

    @OptionGroup var siteOptions: SiteOptions

    @Flag(help: "Fail (and keep the previous output) when there are warnings: missing media, replies to messages not in the export, ...")
    var strict = false

    @Option(name: .customLong("input"), help: ArgumentHelp("Read this export (file, folder or archive: zip, .tgz) instead of the config's inputs; repeat for several.", valueName: "path"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Also write the summary as JSON to this file (counts, warnings), for CI.", valueName: "file"))
    var report: String?

    @Flag(help: "Also print each build stage's time and counts (discover, read, transform, render, book, people, index, write, commit).")
    var verbose = false

    @Flag(name: [.short, .long], help: "Print no progress and no summary: only warnings and errors (on stderr).")
    var quiet = false

    @Option(help: "Read every export as this format instead of detecting it (\(ImporterRegistry.builtIn.formats.joined(separator: ", "))).")
    var format: String?

    @Option(help: ArgumentHelp(
        "Build only shard K of N into the output folder (a part of the site, with its conversations' pages and search parts); join the parts with transcripts assemble. See docs/ci.md.",
        valueName: "K/N"))
    var shard: String?

    func run() throws {
        let progress = ProgressLine(quiet: quiet)
        var options: BuildOptions
        do {
            options = try siteOptions.buildOptions(strict: strict, inputs: inputs.isEmpty ? nil : inputs, format: format)
            options.shard = try shard.map(ShardSelection.init(parsing:))
        } catch {
            FileHandle.standardError.write(Data("error: \(TranscriptsError.sentence(for: error))\n".utf8))
            throw ExitCode.failure
        }
        let builder = SiteBuilder(options: options, progress: progress.handler)
        try SummaryOutput(quiet: quiet, verbose: verbose, report: report).run(progress) { try builder.build() }
    }
}

