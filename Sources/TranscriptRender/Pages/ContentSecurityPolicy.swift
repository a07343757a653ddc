/// The Content-Security-Policy of every page: scripts, styles, images, sound and video only from the site
/// itself (images, sound and video also as `blob:` URLs, which only the site's own scripts can make: a
/// protected site shows its decrypted media so), nothing inline, no plugins, frames, `<base>` or form
/// submissions. The `page` template puts it in a
/// meta tag (`site.contentSecurityPolicy`); `transcripts serve` sends it as a header too.
public enum ContentSecurityPolicy {
    public static let pages = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "media-src 'self' blob:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"
}
