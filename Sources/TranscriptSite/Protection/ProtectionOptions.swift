/// What the command line (or a library caller) says about protection: `--protect`, `--new-salt`, and the
/// passphrase, which the command line takes only from the environment (`TRANSCRIPTS_PASSPHRASE`), never from
/// an argument that other users of the machine could see.
public struct ProtectionOptions: Sendable, Equatable {
    /// Whether the site is protected even without a `protect:` block in the config.
    public var protect: Bool
    /// Whether the site gets a new salt (so every file changes; with `--clean`, a full rotation).
    public var newSalt: Bool
    /// The passphrase; when nil, the config's `protect.passphraseFile` is read.
    public var passphrase: String?

    /// The environment variable the command line reads the passphrase from.
    public static let environmentVariable = "TRANSCRIPTS_PASSPHRASE"

    public init(protect: Bool = false, newSalt: Bool = false, passphrase: String? = nil) {
        self.protect = protect
        self.newSalt = newSalt
        self.passphrase = passphrase
    }
}
