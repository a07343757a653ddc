import TranscriptModel
import TranscriptTemplates

/// The label of an event that an importer described in fields of its own (`SystemEvent.actor`, `subjects`,
/// `title`), composed from the strings table (`eventJoined`, `eventAdded`, …) with people's names as pages
/// show them. Plain text: the template escapes it.
enum EventLabel {
    /// The label in the words of `strings`, or nil to show the event's own `text`: for an event without
    /// structured fields or that says nothing the table has words for, and when the table's words for it are
    /// the built-in English ones (English sites, languages without a table), where the importer's English
    /// label, often more precise ("joined the group by link"), is shown as it is.
    static func text(for kind: MessageKind, strings: StringTable, name: (String) -> String) -> String? {
        guard case .system(let event) = kind, let key = key(for: event),
              strings.entries[key] != StringTables.english.entries[key]
        else { return nil }
        return fill(key, event, strings: strings, name: name)
    }

    /// The label of `event` in the words of `strings`, whatever they are; nil when it cannot be composed.
    static func compose(_ event: SystemEvent, strings: StringTable, name: (String) -> String) -> String? {
        key(for: event).map { fill($0, event, strings: strings, name: name) }
    }

    /// The key that words `event` (without an actor, "Someone" did it), with the values its placeholders name. A
    /// `title` is the new name, topic or purpose, someone's new display name, what was created, a call's
    /// duration, or the reason for a leave, a removal or a ban; `previous` someone's former display name (the
    /// actor's name as the page shows it when the export gave none).
    static func key(for event: SystemEvent) -> String? {
        let hasSubjects = !(event.subjects ?? []).isEmpty
        let hasTitle = !(event.title ?? "").isEmpty
        // An event the export names no one for: "Someone" (`eventSomeone`) did it; one the export only names, its
        // name as data.
        if event.actor == nil, event.event == .other { return hasTitle ? "eventOtherUnattributed" : nil }
        switch event.event {
        case .join: return hasSubjects ? "eventAdded" : "eventJoined"
        case .leave:
            if hasSubjects { return hasTitle ? "eventRemovedBecause" : "eventRemoved" }
            return hasTitle ? "eventLeftBecause" : "eventLeft"
        case .rename: return hasTitle ? "eventRenamed" : nil
        case .topic: return hasTitle ? "eventTopicChanged" : "eventTopicRemoved"
        case .purpose: return hasTitle ? "eventPurposeChanged" : "eventPurposeRemoved"
        case .invite: return hasSubjects ? "eventInvited" : nil
        case .ban: return hasSubjects ? (hasTitle ? "eventBannedBecause" : "eventBanned") : nil
        case .unban: return hasSubjects ? "eventUnbanned" : nil
        case .knock: return "eventKnocked"
        case .uninvite: return hasSubjects ? "eventInvitationWithdrawn" : "eventInvitationDeclined"
        case .profile:
            if hasTitle { return "eventNameChanged" }
            return (event.previous ?? "").isEmpty ? "eventProfileChanged" : "eventNameRemoved"
        case .photo: return "eventPhotoChanged"
        case .photoRemoved: return "eventPhotoRemoved"
        case .archive: return "eventArchived"
        case .unarchive: return "eventUnarchived"
        case .create: return hasTitle ? "eventCreatedNamed" : "eventCreated"
        case .pin: return "eventPinned"
        case .call: return hasTitle ? "eventCalledFor" : "eventCalled"
        case .callMissed: return "eventCallMissed"
        case .callDeclined: return "eventCallDeclined"
        case .callAnswered: return "eventCallAnswered"
        case .callEnded: return "eventCallEnded"
        case .timer: return hasTitle ? "eventTimerSet" : "eventTimerOff"
        case .upgrade: return "eventUpgraded"
        case .madePrivate: return "eventMadePrivate"
        case .madePublic: return "eventMadePublic"
        case .botAdded: return "eventBotAdded"
        case .botRemoved: return "eventBotRemoved"
        case .permissions: return "eventPostingChanged"
        case .boost: return hasTitle ? "eventBoostedLevel" : "eventBoosted"
        case .follow: return "eventFollowed"
        case .unpin: return "eventUnpinned"
        case .threadStarter: return "eventThreadFrom"
        case .other: return hasTitle ? "eventOther" : nil
        }
    }

    /// A timer's period (seconds, as digits) in the words of `strings`: whole days or hours counted
    /// (`timerDays`, `timerHours`), else as a duration (`1:30`); a title that is no number as it is.
    static func period(_ seconds: String, strings: StringTable) -> String {
        guard let total = Int(seconds), total > 0 else { return seconds }
        if total % 86_400 == 0 { return strings.plural("timerDays", count: total / 86_400) }
        if total % 3_600 == 0 { return strings.plural("timerHours", count: total / 3_600) }
        return MessageDetails.formatDuration(Double(total))
    }

    private static func fill(_ key: String, _ event: SystemEvent, strings: StringTable, name: (String) -> String) -> String {
        strings.text(key, [
            "actor": event.actor.map(name) ?? strings.text("eventSomeone"),
            "subjects": strings.list((event.subjects ?? []).map(name)),
            "title": key == "eventTimerSet" ? period(event.title ?? "", strings: strings) : event.title ?? "",
            "previous": event.previous.flatMap { $0.isEmpty ? nil : $0 } ?? event.actor.map(name) ?? "",
        ])
    }
}
