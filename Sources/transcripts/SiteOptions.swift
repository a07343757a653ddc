import ArgumentParser
import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// The options `build` and `serve` share: which site, where it goes, which config, whether to use the
/// build cache, the privacy flags and the scope.
struct SiteOptions: ParsableArguments {
    @Argument(help: "The site folder.", completion: .directory)
    var site: String = "."

    @Option(name: [.short, .long], help: "Write the site to this folder instead of the config's output.")
    var output: String?

    @Option(name: [.short, .long], help: "Read this config file instead of SITE/transcripts.yml.")
    var config: String?

    @Flag(help: "Render every page: ignore the build cache (SITE/.transcripts-cache) and what the previous output holds.")
    var clean = false

    @OptionGroup(title: "Privacy") var privacy: PrivacyOptions

    @OptionGroup(title: "Scope") var scope: ScopeOptions

    @Flag(help: ArgumentHelp(
        "Encrypt the site's pages, feeds, search index and media; visitors unlock it with the passphrase from $TRANSCRIPTS_PASSPHRASE (or the config's protect.passphraseFile). See docs/protect.md.",
        valueName: "protect"))
    var protect = false

    @Flag(help: "With --protect: derive the key with a new random salt, so every file changes (rotate with --clean --new-salt).")
    var newSalt = false

    @Option(help: ArgumentHelp(
        "Read an encrypted iPhone backup's passphrase from this file (else from $TRANSCRIPTS_BACKUP_PASSPHRASE). See docs/formats/ios-backup.md.",
        valueName: "file"), completion: .file())
    var passphraseFile: String?

    /// The build options these say, with the rest as given; an error when the passphrase file cannot be read.
    func buildOptions(strict: Bool = false, inputs: [String]? = nil, format: String? = nil) throws -> BuildOptions {
        var options = BuildOptions(
            site: URL(fileURLWithPath: site), configFile: config.map { URL(fileURLWithPath: $0) },
            output: output.map { URL(fileURLWithPath: $0) }, strict: strict,
            inputs: inputs?.map { URL(fileURLWithPath: $0).path }, format: format, clean: clean, privacy: privacy.flags,
            protection: ProtectionOptions(
                protect: protect, newSalt: newSalt,
                passphrase: ProcessInfo.processInfo.environment[ProtectionOptions.environmentVariable]),
            scope: scope.settings)
        if let passphraseFile {
            options.backupPassphrase = try Self.passphrase(inFile: passphraseFile)
        }
        return options
    }

    /// The passphrase a file holds: its first line.
    static func passphrase(inFile path: String) throws -> String {
        do {
            let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
            return String(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
        } catch {
            throw TranscriptsError(file: path, message: "cannot read the passphrase file (\(TranscriptsError.sentence(for: error)))")
        }
    }
}
