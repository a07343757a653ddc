import ArgumentParser

/// `transcripts`: a static site generator for chat transcripts.
@main
struct Transcripts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcripts",
        abstract: "Turn chat exports into a static website of bubble transcripts.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, AssembleCommand.self, ServeCommand.self, BookCommand.self, ImportCommand.self, InitCommand.self, LicensesCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}
