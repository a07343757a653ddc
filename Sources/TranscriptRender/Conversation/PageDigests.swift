import Foundation
import TranscriptModel
import TranscriptSupport

/// Digests of a conversation's pages: everything a month page shows, so that two equal digests mean equal
/// pages: its messages and their neighbours, what it shows of other messages, and the display delegate's
/// decisions about its messages (see `DisplayDecisions`).
enum PageDigests {
    struct Inputs {
        package var messages: [Message]
        var plan: PagePlan
        /// Whether the pages may show how many pages there are (else only whether a page has neighbours).
        var pageCountShown = true
        var labels: [String]
        var pageFiles: MessagePageFiles
        var indexByID: MessagePositions
        var threads: [String: (count: Int, first: Int)]
        package var media: [Int: MessageMedia]
        /// Everything the page frames show of the conversation as a whole.
        package var conversation: [UInt8]
        /// A digest of each message's content, when the caller has them (else they are made here).
        package var messageDigests: [UInt64] = []
        /// A digest of the display delegate's decisions about each message (`DisplayDecisions`), or none
        /// when the delegate's decisions follow from what the page digest covers already (the built-in one).
        var decisions: [UInt64] = []
    }

    package static func make(_ inputs: Inputs) throws -> [String] {
        let messages = inputs.messages
        let media = inputs.media
        let messageDigests = inputs.messageDigests.count == messages.count
            ? inputs.messageDigests : try ContentDigest.digests(of: messages)
        let plan = inputs.plan
        return try Array(plan.pages.indices).concurrentMap { number -> String in
            let page = plan.pages[number]
            var hash = FastDigest()
            hash.add("page 2")
            inputs.conversation.withUnsafeBytes { hash.add($0) }
            hash.add("\(inputs.pageCountShown ? plan.pages.count : min(plan.pages.count, 2)) \(number) \(page.file) \(page.range.lowerBound) \(page.range.upperBound)")
            hash.add(inputs.labels[number])
            hash.add(number > 0 ? plan.pages[number - 1].file + " " + inputs.labels[number - 1] : "-")
            hash.add(number + 1 < plan.pages.count ? plan.pages[number + 1].file + " " + inputs.labels[number + 1] : "-")
            // The page's messages and their neighbours (date headers, groups and tails look at them).
            for index in max(0, page.range.lowerBound - 1)..<min(messages.count, page.range.upperBound + 1) {
                hash.add(messageDigests[index])
                if !inputs.decisions.isEmpty { hash.add(inputs.decisions[index]) }
                if let item = media[index] { add(item, to: &hash) }
            }
            // What the page shows of other messages: replies' quotes and thread links.
            // The messages' fields are read in place: a copy of a message would retain each of its parts.
            for index in page.range {
                if let target = messages[index].replyTo {
                    if let quoted = inputs.indexByID[target] {
                        hash.add(1)
                        hash.add(messageDigests[quoted])
                        hash.add(inputs.pageFiles[quoted])
                    } else {
                        hash.add(2)
                    }
                }
                let id = messages[index].id
                if let thread = inputs.threads[id] {
                    hash.add(3)
                    hash.add(UInt64(thread.count))
                    hash.add(messages[thread.first].id)
                    hash.add(inputs.pageFiles[thread.first])
                }
                if let parent = messages[index].thread, parent != id {
                    if let index = inputs.indexByID[parent] {
                        hash.add(4)
                        hash.add(messages[index].id)
                        hash.add(inputs.pageFiles[index])
                    } else {
                        hash.add(5)
                    }
                }
            }
            return String(hash.value, radix: 16)
        }
    }

    /// Adds everything of a message's media that its page shows (every field of `MessageMedia`).
    private static func add(_ media: MessageMedia, to hash: inout FastDigest) {
        for copied in [media.file, media.thumbnail] {
            guard let copied else {
                hash.add(6)
                continue
            }
            hash.add(7)
            hash.add(copied.sitePath)
            hash.add(UInt64(copied.size))
            hash.add(UInt64(bitPattern: Int64(copied.width ?? -1)))
            hash.add(UInt64(bitPattern: Int64(copied.height ?? -1)))
        }
        hash.add(UInt64(media.problems.count))
        for problem in media.problems {
            hash.add(problem.path)
            hash.add(problem.reason)
        }
    }
}
