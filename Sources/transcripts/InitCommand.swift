import ArgumentParser
import Foundation
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// `transcripts init [DIR] [--from EXPORT]`: makes a starter site.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a starter site: a commented transcripts.yml, an example conversation and a Templates folder.",
        discussion: """
            With --from, the site is made around an export instead of the example: its format is detected, \
            it is named in the config's inputs, and the site is titled after it. An existing site \
            (a transcripts.yml in DIR) is never overwritten.
            """
    )

    @Argument(help: "The folder to make the site in (created when missing).", completion: .directory)
    var directory: String = "."

    @Option(help: ArgumentHelp("Make the site around this export (a file, a folder or an archive: zip, .tgz).", valueName: "export"), completion: .file())
    var from: String?

    func run() throws {
        do {
            let folder = URL(fileURLWithPath: directory)
            let outcome = try SiteStarter().make(in: folder, from: from.map { URL(fileURLWithPath: $0) })
            let shown = folder.relativePathForDisplay
            print("Made the site \"\(outcome.title)\" in \(shown)\(outcome.format.map { " (reading a \($0) export)" } ?? ""):")
            for file in outcome.files { print("  " + file) }
            print("Next: transcripts build \(shown)   (or: transcripts serve \(shown) --open)")
        } catch {
            FileHandle.standardError.write(Data("error: \(TranscriptsError.sentence(for: error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
