/// The name of the app an import format is from, as a person's page shows it ("WhatsApp" for `whatsapp`).
enum AppName {
    static func of(format: String) -> String {
        switch format {
        case "whatsapp": "WhatsApp"
        case "telegram", "telegram-html": "Telegram"
        case "imessage": "iMessage"
        case "slack": "Slack"
        case "discord": "Discord"
        case "messenger": "Messenger"
        case "mattermost": "Mattermost"
        case "signal": "Signal"
        case "irc": "IRC"
        case "matrix": "Matrix"
        case "google-chat": "Google Chat"
        case "transcripts": "Transcripts"
        default: format
        }
    }
}
