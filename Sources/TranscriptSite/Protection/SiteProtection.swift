import Foundation
import TranscriptModel
import TranscriptRender
import TranscriptSupport
import TranscriptTemplates

/// A protected site's settings and keys for one build, made before anything is written: a missing or empty
/// passphrase, or a salt that cannot be kept, stops the build here.
struct SiteProtection: Sendable {
    let settings: ProtectionSettings
    /// What `protection.json` says (the salt and rounds the keys were derived with).
    let record: ProtectionRecord
    let key: SiteKey
    /// What the build should warn about (media left open, a short passphrase).
    let warnings: [String]

    /// Passphrases shorter than this get a warning.
    static let shortPassphrase = 12

    /// The protection `settings` and `options` ask for, or nil for an open site. `configPath` names the config
    /// in messages; `site` is the folder `passphraseFile` is relative to; `output` holds the previous build's
    /// `protection.json`, whose salt is kept.
    static func make(
        settings: ProtectionSettings, options: ProtectionOptions, site: URL, configPath: String, output: URL
    ) throws -> SiteProtection? {
        guard settings.enabled || options.protect else {
            if options.newSalt { throw TranscriptsError(message: "--new-salt is for protected sites: add --protect or a protect: block to the config") }
            return nil
        }
        let passphrase = try readPassphrase(settings: settings, options: options, site: site, configPath: configPath)
        let salt: SiteSalt
        if let fixed = settings.salt.flatMap(SiteSalt.init(base64:)) {
            if options.newSalt {
                throw TranscriptsError(
                    file: configPath, message: "protect.salt fixes the salt, so --new-salt cannot change it: remove protect.salt (or change it)")
            }
            salt = fixed
        } else if !options.newSalt, let previous = ProtectionRecord.read(inSite: output), let kept = SiteSalt(base64: previous.salt) {
            salt = kept
        } else {
            salt = .random()
        }
        var warnings: [String] = []
        if !settings.media {
            warnings.append("\(configPath): protect.media is false: photos, videos, voice messages and files are published unencrypted")
        }
        if passphrase.count < shortPassphrase {
            warnings.append(
                "the passphrase has \(passphrase.count) characters: anyone with a copy of the site can try passphrases offline, "
                    + "and only a long one (\(shortPassphrase) characters or more, such as four random words) holds out")
        }
        let key = try SiteKey(passphrase: passphrase, salt: salt, iterations: settings.iterations)
        return SiteProtection(
            settings: settings, record: ProtectionRecord(iterations: settings.iterations, salt: salt, media: settings.media), key: key,
            warnings: warnings)
    }

    /// The passphrase: the one given (from `TRANSCRIPTS_PASSPHRASE`), else the first line of
    /// `protect.passphraseFile`. Missing or empty is an error.
    private static func readPassphrase(
        settings: ProtectionSettings, options: ProtectionOptions, site: URL, configPath: String
    ) throws -> String {
        if let given = options.passphrase {
            guard !given.isEmpty else {
                throw TranscriptsError(message: "\(ProtectionOptions.environmentVariable) is empty: a protected site needs a passphrase")
            }
            return given
        }
        guard let name = settings.passphraseFile else {
            throw TranscriptsError(
                message: "a protected site needs a passphrase: set \(ProtectionOptions.environmentVariable), "
                    + "or name a file holding it in the config (protect: {passphraseFile: FILE})")
        }
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : site.appendingPathComponent(name)
        let display = url.relativePathForDisplay
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw TranscriptsError(file: display, message: "cannot read the passphrase file (protect.passphraseFile in \(configPath))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TranscriptsError(file: display, message: "the passphrase file is not UTF-8 text")
        }
        let firstLine = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).first ?? ""
        guard !firstLine.isEmpty else {
            throw TranscriptsError(file: display, message: "the passphrase file is empty: its first line is the passphrase")
        }
        return String(firstLine)
    }

    /// What the build cache's keys hold of the protection: a build with another key, salt or media setting
    /// (or an open one) takes nothing over from this one.
    var fingerprint: String {
        "protected 1 \(key.fingerprint) media:\(settings.media)"
    }
}

extension SiteProtection {
    /// How the site's files are stored: sealed with this key, pages as the `locked` template makes them.
    func sealedOutput(configuration: SiteConfiguration, templates: TemplateSet) -> SealedOutput {
        let record = record
        let site = SiteContext(
            siteTitle: configuration.title, pageTitle: configuration.title, lang: configuration.language,
            dir: configuration.isRightToLeft ? "rtl" : "ltr", root: "", noindex: configuration.privacy.noindex)
        return SealedOutput(
            sealer: FileSealer(key: key), sealsMedia: settings.media,
            lockedPage: { root, sealed in
                var pageSite = site
                pageSite.root = root
                return try templates.render(
                    LockedPage(site: pageSite, salt: record.salt, iterations: record.iterations, mediaSealed: record.media, sealed: sealed),
                    template: "locked")
            },
            fingerprint: fingerprint)
    }
}
