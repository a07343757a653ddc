import TranscriptTemplates

/// The page a protected site shows in place of each of its pages: the passphrase form, with the page itself
/// sealed inside it (the `locked` template; `assets/unlock.js` opens it). It holds nothing of the
/// conversations: the site's title, how the key is derived, and ciphertext.
///
/// Template keys: `site`, `salt` (base64), `iterations` (PBKDF2 rounds), `mediaSealed` (whether media files are
/// sealed too), `sealed` (the page: base64 of nonce, ciphertext and tag).
public struct LockedPage: Sendable, TemplateModel {
    public var site: SiteContext
    public var salt: String
    // template: text
    public var iterations: Int
    public var mediaSealed: Bool
    public var sealed: String

    package init(site: SiteContext, salt: String, iterations: Int, mediaSealed: Bool, sealed: String) {
        self.site = site
        self.salt = salt
        self.iterations = iterations
        self.mediaSealed = mediaSealed
        self.sealed = sealed
    }
}
