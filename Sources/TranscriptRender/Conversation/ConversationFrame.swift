import TranscriptDisplay
import TranscriptModel
import TranscriptSearch
import TranscriptSupport
import TranscriptTemplates

/// What every page of a conversation needs to know of the conversation as a whole, worked out once before
/// any page is rendered: where each message is, who is who, how the conversation is split into pages, and
/// the values the page frames show.
package struct ConversationFrame: Sendable {
    let conversation: Conversation
    /// What the conversation's feed and book are identified by: its id, or with pseudonyms a keyed digest of it.
    var publicID: String
    /// The export the conversation came from, as warnings and errors name it.
    let file: String
    /// Message index by id; ids are unique (checked).
    let indexByID: MessagePositions
    /// Participant names by id, as pages show them (`ShownText`: at most 200 characters).
    let names: [String: String]
    /// Per thread (by its first message's id): how many replies, and the index of the first.
    let threads: [String: (count: Int, first: Int)]
    let plan: PagePlan
    /// Each page's label (`May 2024`, `May 2024, part 2 of 3`), by page number.
    let labels: [String]
    /// The page file of each message, by index.
    let pageFiles: MessagePageFiles
    /// The date of the earliest and of the latest message (not always the first and last: exports are kept
    /// in their order), and their days.
    let firstDate: Timestamp?
    let lastDate: Timestamp?
    let firstDay: String?
    let lastDay: String?
    let participantNames: String
    /// Links to the pages of the people among the participants (`Participant.person`).
    let personLinks: [PersonLink]
    let countText: String
    /// The names of the people who sent messages, in the search index's order.
    let senderNames: [String]
    let site: SiteContext
    let feedURL: String?
    /// The names of the days the messages were sent on, for every page's `DateTexts`.
    let dayTexts: DayTexts
    /// Each sender's and participant's initials (for avatars without a picture; a sender not listed among the
    /// participants by its id) and each participant, by id: made once here rather than by every run of messages
    /// rendered (a workspace can have thousands of people).
    let initials: [String: String]
    let participantsByID: [String: Participant]
    /// Warnings about the conversation: senders not among the participants, replies to messages not there.
    let warnings: [String]

    var messages: [Message] { conversation.messages }

    /// From how many messages a conversation is placed on another thread while its pages are planned (for fewer,
    /// starting a thread costs more than it saves).
    static let placedMeanwhileFrom = 8192

    init(
        _ conversation: Conversation, file: String, root: String, configuration: RenderSettings, timesOfDay: [String],
        strings: StringTable = StringTables.english
    ) throws {
        self.conversation = conversation
        publicID = conversation.id
        self.file = file
        let messages = conversation.messages
        // Where each message is, and its threads: in a long conversation on another thread, while this one plans
        // the pages (each is a pass over every message, one core each).
        let place = { @Sendable () throws -> (indexByID: MessagePositions, missingReplies: Int, threads: [String: (count: Int, first: Int)]) in
            let indexByID = MessagePositions(messages)
            if let (index, first) = indexByID.firstRepeated {
                throw TranscriptsError(
                    file: file, path: "messages[\(index)].id",
                    message: "the id \"\(messages[index].id)\" is already used by messages[\(first)]; message ids must be unique")
            }
            let missingReplies = messages.indices.reduce(0) { count, index in
                count + (messages[index].replyTo.map { indexByID[$0] == nil ? 1 : 0 } ?? 0)
            }
            return (indexByID, missingReplies, MessageRowBuilder.threads(of: messages))
        }
        let placing = messages.count >= Self.placedMeanwhileFrom ? BackgroundWork(place) : nil
        var names: [String: String] = [:]
        for participant in conversation.participants { names[participant.id] = ShownText.cut(participant.name) }
        self.names = names

        // Not kept: a `DateTexts` is not shared between threads, and the frame is.
        let dates = DateTexts(timeZone: configuration.timeZone, locale: configuration.locale, timesOfDay: timesOfDay, strings: strings)
        let gathered = try Gathered(messages, configuration: configuration, timesOfDay: timesOfDay, strings: strings)
        let plan = PagePlan(messages: messages, dates: dates, pageSize: configuration.pageSize)
        let placed = try placing?.result() ?? place()
        self.indexByID = placed.indexByID
        threads = placed.threads

        var warnings: [String] = []
        let unknownSenders = gathered.senders.subtracting(names.keys)
        if !unknownSenders.isEmpty {
            warnings.append(
                "\(file): senders not listed among the participants, shown by id: \(unknownSenders.sorted().joined(separator: ", "))")
        }
        let missingReplies = placed.missingReplies
        if missingReplies > 0 {
            warnings.append("\(file): \(missingReplies) repl\(missingReplies == 1 ? "y points" : "ies point") to messages not in the export")
        }
        self.warnings = warnings
        self.plan = plan
        let partsPerMonth = Dictionary(grouping: plan.pages) { "\($0.year) \($0.monthTitle)" }.mapValues(\.count)
        labels = plan.pages.map { page in
            let parts = partsPerMonth["\(page.year) \(page.monthTitle)"] ?? 1
            return parts > 1
                ? strings.text("monthPart", ["month": page.monthTitle, "part": String(page.part), "parts": String(parts)])
                : page.monthTitle
        }
        pageFiles = plan.pageFiles

        firstDate = gathered.firstDate
        lastDate = gathered.lastDate
        firstDay = firstDate.map(dates.day)
        lastDay = lastDate.map(dates.day)
        dayTexts = DayTexts(days: gathered.days, locale: configuration.locale)
        var initials = names.mapValues(AvatarView.initials(of:))
        for id in unknownSenders { initials[id] = AvatarView.initials(of: id) }
        self.initials = initials
        participantsByID = Dictionary(conversation.participants.map { ($0.id, $0) }) { first, _ in first }
        participantNames = strings.list(conversation.participants.map(\.name))
        personLinks = PersonLink.links(to: conversation.participants, root: root, separator: strings.text("listSeparator"))
        countText = strings.plural("messageCount", count: messages.count)
        senderNames = PeopleOrder.sorted(Set(gathered.senders.map { names[$0] ?? $0 }))
        site = SiteContext(
            siteTitle: configuration.title, pageTitle: strings.text("pageTitle", ["page": conversation.title, "site": configuration.title]),
            lang: configuration.language, dir: configuration.isRightToLeft ? "rtl" : "ltr", root: root,
            hasSearch: configuration.hasSearch, noindex: configuration.noindex, locale: configuration.locale.identifier(.bcp47))
        feedURL = configuration.feeds ? "feed.xml" : nil
    }

    /// What the frame needs of every message that no message before it decides: who sent messages, the earliest
    /// and the latest date, and the days. Gathered a run of messages at a time, on all cores.
    private struct Gathered: Sendable {
        var senders: Set<String> = []
        var firstDate: Timestamp?
        var lastDate: Timestamp?
        /// The days messages were sent on (in the site's time zone), a day once for each run of messages on it.
        var days: [Int] = []

        init(_ messages: [Message], configuration: RenderSettings, timesOfDay: [String], strings: StringTable) throws {
            let runs = try chunkRanges(count: messages.count, chunkSize: 32_768).concurrentMap { range in
                // One per run: a `DateTexts` is not shared between threads.
                let dates = DateTexts(
                    timeZone: configuration.timeZone, locale: configuration.locale, timesOfDay: timesOfDay, strings: strings)
                var run = Gathered()
                var lastSender: String?
                var lastDay = Int.min
                // By index: a message copied out of the array would retain every field it holds.
                for index in range {
                    // A sender is hashed only when it is not the one before.
                    if let sender = messages[index].sender, sender != lastSender {
                        run.senders.insert(sender)
                        lastSender = sender
                    }
                    let date = messages[index].date
                    if run.firstDate.map({ date < $0 }) ?? true { run.firstDate = date }
                    if run.lastDate.map({ date > $0 }) ?? true { run.lastDate = date }
                    let day = dates.dayNumber(date)
                    if day != lastDay {
                        run.days.append(day)
                        lastDay = day
                    }
                }
                return run
            }
            for run in runs {
                senders.formUnion(run.senders)
                if let date = run.firstDate, firstDate.map({ date < $0 }) ?? true { firstDate = date }
                if let date = run.lastDate, lastDate.map({ date > $0 }) ?? true { lastDate = date }
                days += run.days
            }
        }

        private init() {}
    }

    /// A sender's name: the participant's, else the id.
    func name(of sender: String) -> String { names[sender] ?? sender }
}
