/// The name of the app an import format is from, as pages show it ("WhatsApp" for `whatsapp`): on a person's page,
/// and beside each message of a conversation that gathers several apps.
package enum AppName {
    package static func of(format: String) -> String {
        switch format {
        case "whatsapp", "whatsapp-ios", "whatsapp-android", "ios-backup-whatsapp": "WhatsApp"
        case "telegram", "telegram-html": "Telegram"
        case "imessage", "ios-backup-messages": "iMessage"
        case "slack": "Slack"
        case "discord": "Discord"
        case "messenger": "Messenger"
        case "mattermost": "Mattermost"
        case "signal": "Signal"
        case "irc": "IRC"
        case "matrix": "Matrix"
        case "google-chat": "Google Chat"
        case "ios-backup": "iPhone"
        case "transcripts": "Transcripts"
        default: format
        }
    }
}
