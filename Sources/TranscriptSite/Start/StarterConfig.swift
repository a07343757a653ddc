/// The commented `transcripts.yml` that `transcripts init` writes: every key with its default, the ones a new
/// site sets uncommented.
enum StarterConfig {
    /// The config's text for a site titled `title` that reads `inputs` (a YAML flow list's items, quoted).
    static func text(title: String, inputs: [String], format: String?, me: String? = nil) -> String {
        let quotedInputs = inputs.map(quoted).joined(separator: ", ")
        return """
            # transcripts.yml: the site's settings (docs: README.md and docs/ in the transcripts repository).
            # `transcripts build` writes the site to `output`; `transcripts serve` previews it with live reload.
            title: \(quoted(title))
            # description: "A line under the title on the index page"
            \(me.map { "me: [\(quoted($0))]                    # your participant id(s): your messages are outgoing, on the right" } ?? "# me: [your-id]                  # your participant id(s): your messages are outgoing, on the right")
            # timeZone: UTC                  # times are shown in this zone (IANA name, such as Europe/Berlin)
            # locale: en_US                  # formats dates and times (en_GB, de_DE, ja_JP, ...)
            inputs: [\(quotedInputs)]\(format.map { "  # read as \($0)" } ?? "")
            output: public

            # pageSize: 1000                 # the most messages on one page (a page per month)
            # feeds: true                    # an Atom feed per conversation
            # search: {enabled: true}        # the offline search page and the find bars
            # overview: {charts: true, gallery: true}   # charts, statistics and gallery pages per conversation

            # How messages look (docs/display.md): MessageKit's styles, tails, colours, avatars.
            # display:
            #   style: bubbleTail            # none, bubble, bubbleOutline, bubbleTail, bubbleTailOutline
            #   tailStyle: curved            # curved, pointedEdge

            # What the build hides (docs/privacy.md).
            # privacy:
            #   pseudonymize: true           # everyone but `me` becomes "Person 1", "Person 2", ...
            #   exclude: ["Name"]            # leave out the messages of people who asked
            #   redact: [email, phone]       # mask addresses and numbers in every text
            #   noindex: true                # ask search engines to stay away

            # A site only people with its passphrase can read (docs/protect.md); the passphrase comes from
            # TRANSCRIPTS_PASSPHRASE or the file named here (keep it out of version control).
            # protect: {passphraseFile: passphrase.txt}

            """
    }

    /// `text` as a YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
