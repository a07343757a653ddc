import Foundation
import TranscriptModel
import TranscriptSupport

/// The `privacy:` settings as a transform of each conversation before it is rendered: the excluded people's
/// messages become "Message removed" lines, everyone else (but `me`) gets a pseudonym, and what
/// `redact` names is masked, in every text a page, search file, feed or report could show.
///
/// Pseudonyms are numbered per conversation, in the order of each person's first message there, so a
/// conversation's pseudonyms depend on nothing but the conversation: the same in every build, incremental
/// or clean.
struct PrivacyTransform: ConversationTransform {
    let settings: PrivacySettings
    /// The ids of the archive's owner, who keeps their name unless a pseudonym is chosen for them.
    let me: Set<String>
    /// The pseudonyms and exclusions of the people of the config's `people:`.
    let people: PersonPrivacy
    private let redactor: Redactor

    /// The text that replaces an excluded person's message.
    static let removedText = "Message removed"

    init(settings: PrivacySettings, me: [String], people: PersonPrivacy = PersonPrivacy()) {
        self.settings = settings
        self.me = Set(me)
        self.people = people
        redactor = Redactor(patterns: settings.redact, mask: settings.mask)
    }

    var fingerprint: String {
        var parts = ["privacy 1", "me: " + me.sorted().joined(separator: "\u{0}")]
        switch settings.pseudonymize {
        case .off: parts.append("pseudonymize: off")
        case .on(let chosen):
            parts.append("pseudonymize: " + chosen.sorted { $0.key < $1.key }.map { $0.key + "\u{0}" + $0.value }.joined(separator: "\u{1}"))
        }
        parts.append("exclude: " + settings.exclude.joined(separator: "\u{0}"))
        parts.append("redact: " + settings.redact.map(\.source).joined(separator: "\u{0}"))
        parts.append("mask: " + settings.mask)
        parts.append("people: " + people.pseudonyms.sorted { $0.key < $1.key }.map { $0.key + "\u{0}" + $0.value }.joined(separator: "\u{1}"))
        parts.append("people excluded: " + people.excluded.keys.sorted().joined(separator: "\u{0}"))
        parts.append("numbered from: \(people.numberedFrom)")
        // The media files' copies: a site built before HEIC and video files were stripped is stripped again.
        parts.append("metadata: " + (settings.stripMetadata ? "stripped, " + ExifToolStripper.fingerprint : "kept"))
        return parts.joined(separator: "\n")
    }

    func transform(_ conversation: inout Conversation, in context: BuildContext) throws {
        let outcome = try apply(to: &conversation)
        context.count("messages removed", outcome.removed)
        context.count("names replaced", outcome.namesReplaced)
        context.count("matches redacted", outcome.redactions)
        context.outcome.privacy = outcome
        context.matched.exclusions.formUnion(outcome.matchedExclusions)
    }

    /// What one conversation's transform did.
    struct Outcome: Equatable, Codable {
        var removed = 0
        var namesReplaced = 0
        var redactions = 0
        /// The `exclude` entries that matched someone here.
        var matchedExclusions = Set<String>()
    }

    /// Changes `conversation` as the settings say.
    func apply(to conversation: inout Conversation) throws -> Outcome {
        var outcome = Outcome()
        let people = People(conversation)

        // Who is excluded: by name or id, in any case; a person of `people:` by any of their names and ids.
        let wanted = Dictionary(settings.exclude.map { ($0.lowercased(), $0) }) { first, _ in first }
        var excluded = Set<String>()
        for id in people.ids {
            if let person = people.person(of: id), let entry = self.people.excluded[person] {
                excluded.insert(id)
                outcome.matchedExclusions.insert(entry)
            }
            for key in [id.lowercased(), people.name(of: id).lowercased()] {
                if let entry = wanted[key] {
                    excluded.insert(id)
                    outcome.matchedExclusions.insert(entry)
                }
            }
        }

        // Who gets which pseudonym, and their new ids.
        var pseudonyms: [String: String] = [:]
        var newIDs: [String: String] = [:]
        if case .on(let chosen) = settings.pseudonymize {
            let chosenByKey = Dictionary(chosen.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
            // The people of `people:` have theirs, the same everywhere; the others are numbered after them.
            var number = self.people.numberedFrom - 1
            for id in people.ids where !excluded.contains(id) {
                if let person = people.person(of: id), let pseudonym = self.people.pseudonyms[person] {
                    pseudonyms[id] = pseudonym
                } else if let pseudonym = chosenByKey[id.lowercased()] ?? chosenByKey[people.name(of: id).lowercased()] {
                    pseudonyms[id] = pseudonym
                } else if !me.contains(id) {
                    number += 1
                    pseudonyms[id] = "Person \(number)"
                }
            }
            // The owner keeps their id (the config's `me` names it), whatever name they are shown under; so do
            // the people without a pseudonym. New ids never take one of theirs.
            var used = Set(people.ids.filter { pseudonyms[$0] == nil || me.contains($0) })
            for id in people.ids where pseudonyms[id] != nil && !me.contains(id) {
                var newID = Self.slug(pseudonyms[id]!)
                var suffix = 2
                while used.contains(newID) {
                    newID = Self.slug(pseudonyms[id]!) + "-\(suffix)"
                    suffix += 1
                }
                used.insert(newID)
                newIDs[id] = newID
            }
        }

        // Names in free text: pseudonyms for the pseudonymized, the mask for the excluded. A person's names are
        // also those their display name changes (`profile` events) gave them, before and after.
        var otherNames: [String: [String]] = [:]
        for message in conversation.messages {
            guard case .system(let event) = message.kind, event.event == .profile, let actor = event.actor else { continue }
            for name in [event.previous, event.title] {
                if let name, !name.isEmpty { otherNames[actor, default: []].append(name) }
            }
        }
        var replacements: [(names: [String], replacement: String)] = []
        for id in people.ids {
            let replacement: String
            if excluded.contains(id) {
                replacement = settings.mask
            } else if let pseudonym = pseudonyms[id] {
                replacement = pseudonym
            } else {
                continue
            }
            var names = [people.name(of: id)] + (otherNames[id] ?? [])
            if Self.isNameLike(id) { names.append(id) }
            replacements.append((names, replacement))
        }
        let cleaner = Cleaner(
            names: NameReplacer(replacements, ambiguous: settings.mask), redactor: redactor, excluded: excluded, newIDs: newIDs)
        var counts = Counts()
        conversation.title = cleaner.clean(conversation.title, counting: &counts)
        conversation.participants = conversation.participants.compactMap { participant in
            guard !excluded.contains(participant.id) else { return nil }
            var participant = participant
            if let pseudonym = pseudonyms[participant.id] {
                participant.name = pseudonym
                participant.avatar = nil
                participant.id = cleaner.newID(participant.id)
                // A person the config does not name (a canonical export's own `person`) would show their id in a folder name.
                if let person = participant.person, self.people.pseudonyms[person] == nil { participant.person = nil }
            } else {
                participant.name = cleaner.clean(participant.name, counting: &counts)
            }
            return participant
        }
        // The messages in chunks, on all cores.
        let messages = conversation.messages
        let chunks = try chunkRanges(count: messages.count, chunkSize: 1024).concurrentMap { range -> ([Message], Counts) in
            var counts = Counts()
            let changed = range.map { cleaner.change(messages[$0], counting: &counts) }
            return (changed, counts)
        }
        conversation.messages = chunks.flatMap(\.0)
        for chunk in chunks { counts.add(chunk.1) }
        outcome.removed = counts.removed
        outcome.namesReplaced = counts.names
        outcome.redactions = counts.redactions
        return outcome
    }

    /// Whether an id can stand in text for its person: not a short number, which would match counts and years.
    static func isNameLike(_ id: String) -> Bool {
        id.count >= 3 && (id.contains(where: \.isLetter) || id.filter(\.isNumber).count >= 7)
    }

    /// `Person 1` → `person-1`.
    static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "person" : slug
    }

    /// How many messages were removed, names replaced and matches redacted.
    struct Counts: Sendable {
        var removed = 0
        var names = 0
        var redactions = 0

        mutating func add(_ other: Counts) {
            removed += other.removed
            names += other.names
            redactions += other.redactions
        }
    }

    /// What one conversation's messages go through, decided before: names, redaction, exclusions, new ids.
    struct Cleaner: Sendable {
        let names: NameReplacer
        let redactor: Redactor
        let excluded: Set<String>
        let newIDs: [String: String]

        func newID(_ id: String) -> String { newIDs[id] ?? id }

        /// A person an event names: their new id, or (for a name written where the export had no id) the
        /// name cleaned like text.
        func person(_ id: String, counting counts: inout Counts) -> String {
            newIDs[id] ?? clean(id, counting: &counts)
        }

        /// `text` with names replaced, then masked.
        func clean(_ text: String, counting counts: inout Counts) -> String {
            let named = names.replace(in: text)
            let redacted = redactor.redact(named.text)
            counts.names += named.count
            counts.redactions += redacted.count
            return redacted.text
        }

        /// The message as the settings show it: a "Message removed" line for an excluded sender, else its
        /// texts cleaned and its people's ids replaced (the excluded left out of reactions and votes).
        func change(_ message: Message, counting counts: inout Counts) -> Message {
            if let sender = message.sender, excluded.contains(sender) {
                counts.removed += 1
                return Message(
                    id: message.id, sender: nil, date: message.date,
                    kind: .system(SystemEvent(event: .other, text: PrivacyTransform.removedText)), replyTo: message.replyTo,
                    thread: message.thread)
            }
            var changed = message.changingTexts { clean($0, counting: &counts) }
            changed.sender = message.sender.map(newID)
            changed.reactions = message.reactions.compactMap { reaction in
                let kept = reaction.by.filter { !excluded.contains($0) }
                let count = reaction.count - (reaction.by.count - kept.count)
                guard count > 0 else { return nil }
                return Reaction(emoji: reaction.emoji, by: kept.map(newID), count: count)
            }
            if case .system(var event) = changed.kind, event.isStructured {
                // The people an event names: new ids, or names cleaned like text; an excluded person's name is
                // never composed (the cleaned text, with the mask, is shown instead).
                let people = (event.actor.map { [$0] } ?? []) + (event.subjects ?? [])
                if people.contains(where: excluded.contains) {
                    event.actor = nil
                    event.subjects = nil
                    event.title = nil
                    event.previous = nil
                } else {
                    event.actor = event.actor.map { person($0, counting: &counts) }
                    event.subjects = event.subjects?.map { person($0, counting: &counts) }
                }
                changed.kind = .system(event)
            }
            if case .poll(var poll) = changed.kind {
                poll.options = poll.options.map { option in
                    var option = option
                    option.voters = option.voters.filter { !excluded.contains($0) }.map(newID)
                    return option
                }
                changed.kind = .poll(poll)
            }
            return changed
        }
    }

    /// The people of a conversation: its participants and every other sender or reactor, in the order of
    /// their first message (then the silent participants, in the export's order), and their names.
    struct People {
        let ids: [String]
        private let names: [String: String]
        private let persons: [String: String]

        init(_ conversation: Conversation) {
            var ids: [String] = []
            var seen = Set<String>()
            func add(_ id: String) { if seen.insert(id).inserted { ids.append(id) } }
            for message in conversation.messages {
                if let sender = message.sender { add(sender) }
            }
            for participant in conversation.participants { add(participant.id) }
            for message in conversation.messages {
                for reaction in message.reactions { reaction.by.forEach(add) }
                if case .poll(let poll) = message.kind { poll.options.forEach { $0.voters.forEach(add) } }
            }
            self.ids = ids
            names = Dictionary(conversation.participants.map { ($0.id, $0.name) }) { first, _ in first }
            persons = Dictionary(conversation.participants.compactMap { participant in participant.person.map { (participant.id, $0) } }) { first, _ in first }
        }

        func name(of id: String) -> String { names[id] ?? id }

        /// The person (`Participant.person`) the participant `id` is, when the conversation says.
        func person(of id: String) -> String? { persons[id] }
    }
}
