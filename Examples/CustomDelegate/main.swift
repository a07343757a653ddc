// A site built with a display delegate of its own, as a MessageKit app sets its MessagesDisplayDelegate.
// Run: swift run custom-delegate-example Site /tmp/custom-site
import Foundation
import TranscriptKit

/// Bots get an outlined bubble without a tail and a muted colour; photos get no bubble at all; everything
/// else keeps the defaults (and whatever transcripts.yml says).
struct BotAwareDelegate: TranscriptDisplayDelegate {
    let bots: Set<String>

    func messageStyle(for message: Message, at index: Int, in context: DisplayContext) -> MessageStyle {
        if let sender = message.sender, bots.contains(sender) {
            return .bubbleOutline(DisplayColor("#8e8e93", dark: "#98989f"))
        }
        if case .photo = message.kind { return .none }
        // Everything else: what the config says (the default implementation's value).
        return display(for: message, at: index, in: context).style
    }

    func backgroundColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor {
        if let sender = message.sender, bots.contains(sender) {
            return DisplayColor("#f2f2f7", dark: "#1c1c1e")
        }
        return display(for: message, at: index, in: context).background
    }

    func textColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor {
        if let sender = message.sender, bots.contains(sender) {
            return DisplayColor("#3a3a3c", dark: "#e5e5ea")
        }
        return display(for: message, at: index, in: context).text
    }

    /// A date header above every new day as well as after an hour's gap.
    func showsDateHeader(for message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard let previous = context.previousMessage(before: index) else { return true }
        let zone = context.configuration.timeZone
        let newDay = Int((message.date.secondsSince1970 + Double(zone.secondsFromGMT(for: message.date.date))) / 86_400)
            != Int((previous.date.secondsSince1970 + Double(zone.secondsFromGMT(for: previous.date.date))) / 86_400)
        return newDay || message.date.secondsSince1970 - previous.date.secondsSince1970 > context.configuration.dateHeaderInterval
    }

    /// The delivery status under the owner's messages.
    func footerItems(for message: Message, at index: Int, in context: DisplayContext) -> [FooterItem] {
        isFromArchiveOwner(message, at: index, in: context) && message.status != nil ? [.status] : []
    }
}

let arguments = CommandLine.arguments
let site = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "Site")
let output = arguments.count > 2 ? URL(fileURLWithPath: arguments[2]) : nil
do {
    let builder = SiteBuilder(
        options: BuildOptions(site: site, output: output), delegate: BotAwareDelegate(bots: ["garden-bot"]))
    print(try builder.build().report)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
