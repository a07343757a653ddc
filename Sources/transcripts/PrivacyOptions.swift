import ArgumentParser
import TranscriptSite

/// The privacy flags `build` and `serve` share; they add to the config's `privacy:` block (docs/privacy.md).
struct PrivacyOptions: ParsableArguments {
    @Flag(help: "Show everyone but the archive's owner (me) as \"Person 1\", \"Person 2\", ... (privacy.pseudonymize).")
    var pseudonymize = false

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Leave out the messages of this person (a name or an id); repeat for several (privacy.exclude).", valueName: "name"))
    var exclude: [String] = []

    @Option(name: .customLong("redact"), help: ArgumentHelp("Mask this in every text: email, phone, iban, card, ip, or a regular expression; repeat for several (privacy.redact).", valueName: "pattern"))
    var redact: [String] = []

    @Flag(help: "Ask search engines not to index the site: a robots meta tag on every page and a robots.txt (privacy.noindex).")
    var noindex = false

    var flags: PrivacyFlags {
        PrivacyFlags(pseudonymize: pseudonymize, exclude: exclude, redact: redact, noindex: noindex)
    }
}
