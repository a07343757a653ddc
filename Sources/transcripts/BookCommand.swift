import ArgumentParser
import Foundation
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// `transcripts book SITE --conversation ID [--from DAY] [--to DAY] --output FILE.epub|FILE.pdf`
struct BookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book",
        abstract: "Make a conversation into a book: an EPUB, or a PDF to print (by Chromium).",
        discussion: """
            Reads the site's exports as `build` does (the config's privacy settings and the privacy flags apply) and \
            writes the book of one conversation, all of it or the days between --from and --to: a title page, the \
            contents, the months with their pictures, and a person index. The site's output \
            is not touched. A protected site's book is refused unless --allow-unprotected-book is given. \
            See docs/book.md.
            """
    )

    @Argument(help: "The site folder.", completion: .directory)
    var site: String = "."

    @Option(help: ArgumentHelp("The id of the conversation to make a book of.", valueName: "id"))
    var conversation: String

    @Option(name: [.short, .long], help: ArgumentHelp("The book's file: FILE.epub, or FILE.pdf (printed by Chromium).", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Start with the messages of this day (YYYY-MM-DD, in the site's time zone).", valueName: "day"))
    var from: String?

    @Option(help: ArgumentHelp("End with the messages of this day (YYYY-MM-DD, in the site's time zone).", valueName: "day"))
    var to: String?

    @Option(name: [.short, .long], help: "Read this config file instead of SITE/transcripts.yml.")
    var config: String?

    @Flag(help: "Make the book of a protected site all the same (the book itself is not protected).")
    var allowUnprotectedBook = false

    @OptionGroup(title: "Privacy") var privacy: PrivacyOptions

    @Flag(name: [.short, .long], help: "Print no summary: only warnings and errors (on stderr).")
    var quiet = false

    func run() throws {
        let options = BuildOptions(
            site: URL(fileURLWithPath: site), configFile: config.map { URL(fileURLWithPath: $0) }, privacy: privacy.flags)
        let maker = BookMaker(
            options: options,
            request: BookRequest(
                conversation: conversation, from: from, to: to, output: URL(fileURLWithPath: output),
                allowsUnprotected: allowUnprotectedBook))
        do {
            let summary = try maker.make()
            FileHandle.standardError.write(Data(summary.warningLines.utf8))
            if !quiet {
                print("Wrote \(summary.output): \(summary.messagesRendered) message\(summary.messagesRendered == 1 ? "" : "s").")
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(TranscriptsError.sentence(for: error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
