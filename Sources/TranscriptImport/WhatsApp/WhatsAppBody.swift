import Foundation
import TranscriptModel

/// What a WhatsApp message's text stands for: the markers WhatsApp writes in place of media, polls, places,
/// calls, deleted and edited messages, and otherwise text, with WhatsApp's formatting where it has some.
///
/// Markers are matched on the whole text (or its first line), never inside a sentence, so a message that
/// only mentions `<Media omitted>` stays text. The English markers are WhatsApp's own; a few translations are
/// recognised as well. Nothing is dropped: a text no marker fits is kept as text.
enum WhatsAppBody {
    package struct Result {
        package var kind: MessageKind
        var deleted = false
        var edited = false
        /// False when the name before the text is not who sent it (the end-to-end notice names the chat).
        var keepsSender = true
    }

    /// Classifies the text of a message that has a sender. `hasFile` tells whether the export's folder holds
    /// a file of that name.
    static func classify(_ body: [UInt8], hasFile: (String) -> Bool) -> Result {
        var text = ByteText(trimming: body[...])
        // iOS starts the texts it writes itself (markers, calls) with U+200E.
        let generated = body.starts(with: [0xE2, 0x80, 0x8E])
        var edited = false
        if let stripped = text.removingSuffix(anyOf: editedMarkers) {
            text = stripped
            edited = true
        }
        var result = classifyUnedited(text, generated: generated, hasFile: hasFile)
        result.edited = edited
        return result
    }

    private static func classifyUnedited(_ text: ByteText, generated: Bool, hasFile: (String) -> Bool) -> Result {
        let bytes = text.bytes
        if bytes.count < 64, let first = bytes.first, first >= 0x41 {
            let withoutDot = bytes.last == 0x2E ? bytes.dropLast() : bytes
            if deletedTexts.contains(where: { $0.elementsEqual(withoutDot) }) {
                return Result(kind: .text(text.string), deleted: true)
            }
        }
        if bytes.count < 400, text.hasPrefix(anyOf: encryptionNotices) {
            return Result(kind: .system(SystemEvent(event: .other, text: text.string)), keepsSender: false)
        }
        if bytes.count < 120, !bytes.contains(0x0A), isCall(text, generated: generated) {
            return Result(kind: .system(SystemEvent(event: .call, text: text.string)))
        }
        if let kind = omittedMedia(text, generated: generated) { return Result(kind: kind) }
        if bytes.contains(0x3C), let kind = attachedMedia(text, hasFile: hasFile) { return Result(kind: kind) }
        if let kind = fileAttached(text, hasFile: hasFile) { return Result(kind: kind) }
        if let poll = poll(text) { return Result(kind: .poll(poll)) }
        if bytes.count < 2048, !bytes.contains(0x0A), let kind = location(text) { return Result(kind: kind) }
        if generated {
            // Newer iOS exports name the group before the texts it writes itself: `Family: ‎Ann added Bob`.
            let string = text.string
            let event = event(of: string)
            if event != .other, event != .call {
                return Result(kind: .system(SystemEvent(event: event, text: string)), keepsSender: false)
            }
        }
        let array = Array(bytes)
        if let markdown = WhatsAppFormatting.markdown(array) { return Result(kind: .markdown(markdown)) }
        return Result(kind: .text(text.string))
    }

    // MARK: - Markers

    static let editedMarkers = utf8([
        "<This message was edited>", "<Diese Nachricht wurde bearbeitet>", "<Se editó este mensaje.>",
        "<Se editó este mensaje>", "<Mensagem editada>", "<Esta mensagem foi editada>", "<Ce message a été modifié>",
        "<Questo messaggio è stato modificato>", "<Dit bericht is bewerkt>",
    ])

    static let deletedTexts = utf8([
        "This message was deleted", "You deleted this message", "This message was deleted by admin",
        "Diese Nachricht wurde gelöscht", "Du hast diese Nachricht gelöscht", "Se eliminó este mensaje",
        "Eliminaste este mensaje", "Este mensaje fue eliminado", "Esta mensagem foi apagada", "Mensagem apagada",
        "Você apagou esta mensagem", "Ce message a été supprimé", "Vous avez supprimé ce message",
        "Questo messaggio è stato eliminato", "Hai eliminato questo messaggio", "Dit bericht is verwijderd",
        "Je hebt dit bericht verwijderd",
    ])

    static let encryptionNotices = utf8([
        "Messages and calls are end-to-end encrypted", "Messages to this group are now secured with end-to-end",
        "Messages to this chat and calls are now secured with end-to-end", "Messages you send to this chat and calls are now secured",
        "Messages you send to this group are now secured", "Your messages and calls are end-to-end encrypted",
    ])

    /// Call texts (lowercase), which iOS writes with the caller as sender: `‎Missed voice call`, `‎Video call, ‎5 min`.
    static let callTexts = utf8([
        "missed voice call", "missed video call", "missed group voice call", "missed group video call",
        "silenced voice call", "silenced video call", "voice call", "video call", "group voice call", "group video call",
    ])

    private static func isCall(_ text: ByteText, generated: Bool) -> Bool {
        let bytes = text.bytes
        guard let first = bytes.first, callInitials.contains(first | 0x20) else { return false }
        for phrase in callTexts where bytes.count >= phrase.count {
            guard zip(bytes, phrase).allSatisfy({ ($0 | 0x20) == $1 || ($0 == $1) }) else { continue }
            let rest = ByteText(trimming: bytes.dropFirst(phrase.count)).bytes
            // Exactly the phrase; or, written by WhatsApp (a leading U+200E) or with a duration, the phrase and
            // a note: ", ‎5 min", " • 2 min", ". Tap to call back".
            if rest.isEmpty { return true }
            guard let first = rest.first, first == 0x2C || first == 0x2E || first == 0xE2 || first == 0x28 else { continue }
            if generated { return true }
            let note = ByteText(trimming: rest.dropFirst(first == 0xE2 ? 3 : 1)).bytes
            if let digit = note.first, WhatsAppBytes.isDigit(digit) { return true }
        }
        return false
    }

    private static let callInitials = Set(callTexts.map { $0[0] })

    /// Texts that stand for media the export left out, and the kind they name.
    private static let omittedTexts: [(text: [UInt8], kind: String)] = [
        ("<Media omitted>", "file"), ("<Medien ausgeschlossen>", "file"), ("<Multimedia omitido>", "file"),
        ("<Archivo omitido>", "file"), ("<Mídia oculta>", "file"), ("<Arquivo de mídia oculto>", "file"),
        ("<Médias omis>", "file"), ("<Media omessi>", "file"), ("<Media weggelaten>", "file"),
        ("<Media tidak disertakan>", "file"),
        ("image omitted", "photo"), ("video omitted", "video"), ("audio omitted", "audio"), ("sticker omitted", "sticker"),
        ("GIF omitted", "video"), ("Contact card omitted", "file"), ("document omitted", "file"),
        ("imagen omitida", "photo"), ("video omitido", "video"), ("audio omitido", "audio"), ("sticker omitido", "sticker"),
        ("GIF omitido", "video"), ("documento omitido", "file"),
        ("Bild weggelassen", "photo"), ("Video weggelassen", "video"), ("Audio weggelassen", "audio"),
        ("Sticker weggelassen", "sticker"), ("GIF weggelassen", "video"), ("Dokument weggelassen", "file"),
        ("imagem ocultada", "photo"), ("vídeo omitido", "video"), ("áudio ocultado", "audio"),
        ("figurinha omitida", "sticker"),
    ].map { (Array($0.0.utf8), $0.1) }

    /// The last four bytes of each marker, in lower case: a cheap test before comparing markers.
    private static let omittedEndings = Set(omittedTexts.map { ending($0.text.suffix(4)) })

    private static func ending<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1 | 0x20) }
    }

    /// `<Media omitted>`, `‎image omitted`, `‎Report.pdf • ‎3 pages ‎document omitted`.
    private static func omittedMedia(_ text: ByteText, generated: Bool) -> MessageKind? {
        let bytes = text.bytes
        guard bytes.count < 300, bytes.count >= 4, omittedEndings.contains(ending(bytes.suffix(4))) else { return nil }
        for (marker, kind) in omittedTexts where bytes.count >= marker.count {
            guard bytes.suffix(marker.count).elementsEqual(marker, by: { ($0 | 0x20) == ($1 | 0x20) }) else { continue }
            let before = ByteText(trimming: bytes.dropLast(marker.count))
            if before.bytes.isEmpty { return mediaKind(kind, MediaItem()) }
            // A document's name and page count come before its marker.
            guard kind == "file", marker.first != 0x3C, !before.bytes.contains(0x0A),
                  generated || before.bytes.contains(subsequence: separatorDot)
            else { continue }
            return .file(MediaItem(name: before.split(at: separatorDot).first?.string))
        }
        return nil
    }

    /// The words of `<attached: NAME>` in the languages WhatsApp writes it in.
    private static let attachedWords = utf8([
        "attached", "adjunto", "anexo", "anexado", "Anhang", "allegato", "pièce jointe", "bijlage", "lampiran", "ekli",
    ])

    /// iOS: `<attached: 00000001-PHOTO-2019-06-20-16-00-15.jpg>`, maybe with a caption or a document's name
    /// before it (`Report.pdf • ‎3 pages ‎<attached: 00000009-Report.pdf>`).
    private static func attachedMedia(_ text: ByteText, hasFile: (String) -> Bool) -> MessageKind? {
        let bytes = text.bytes
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: 0x3C) {
            index = open + 1
            guard let colon = bytes[index...].prefix(32).firstIndex(of: 0x3A) else { continue }
            let word = ByteText(trimming: bytes[index..<colon])
            guard !word.bytes.isEmpty, !word.bytes.contains(0x0A), !word.bytes.contains(0x3E) else { continue }
            guard let close = bytes[colon...].firstIndex(of: 0x3E) else { return nil }
            let nameBytes = ByteText(trimming: bytes[(colon + 1)..<close])
            guard !nameBytes.bytes.isEmpty, !nameBytes.bytes.contains(0x0A), !nameBytes.bytes.contains(0x3C) else { continue }
            let name = nameBytes.string
            let known = attachedWords.contains { $0.elementsEqual(word.bytes) }
            let exists = hasFile(name)
            guard known || (exists && name.contains(".")) else { continue }
            let before = ByteText(trimming: bytes[bytes.startIndex..<open])
            let after = ByteText(trimming: bytes[(close + 1)...])
            var item = MediaItem(file: exists ? name : nil, name: exists ? nil : name)
            let kind = kindName(forFile: name)
            var captionParts: [String] = []
            if kind == "file", before.bytes.contains(subsequence: separatorDot), !before.bytes.contains(0x0A) {
                // A document's own name and page count.
                if let original = before.split(at: separatorDot).first?.string, !original.isEmpty {
                    if exists { item.name = original == name ? nil : original } else { item.name = original }
                }
            } else if !before.bytes.isEmpty {
                captionParts.append(before.string)
            }
            if !after.bytes.isEmpty { captionParts.append(after.string) }
            if !captionParts.isEmpty { item.caption = captionParts.joined(separator: "\n") }
            return mediaKind(kind, item)
        }
        return nil
    }

    private static let fileAttachedSuffixes = utf8([
        "(file attached)", "(Datei angehängt)", "(archivo adjunto)", "(arquivo anexado)", "(fichier joint)",
        "(file allegato)", "(bestand bijgevoegd)", "(file terlampir)", "(dosya ekli)",
    ])

    /// Android: `IMG-20241202-WA0001.jpg (file attached)`, and the caption on the lines after it.
    private static func fileAttached(_ text: ByteText, hasFile: (String) -> Bool) -> MessageKind? {
        let bytes = text.bytes
        let firstLineEnd = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let firstLine = ByteText(trimming: bytes[bytes.startIndex..<firstLineEnd])
        guard firstLine.bytes.last == 0x29 else { return nil }  // )
        var nameEnd: ArraySlice<UInt8>.Index?
        for suffix in fileAttachedSuffixes where firstLine.bytes.count > suffix.count {
            if firstLine.bytes.suffix(suffix.count).elementsEqual(suffix) {
                nameEnd = firstLine.bytes.endIndex - suffix.count
                break
            }
        }
        var requireFile = false
        if nameEnd == nil, let open = firstLine.bytes.lastIndex(of: 0x28) {
            // Another language's "(file attached)": only when the folder has the file.
            nameEnd = open
            requireFile = true
        }
        guard let nameEnd else { return nil }
        let nameText = ByteText(trimming: firstLine.bytes[firstLine.bytes.startIndex..<nameEnd])
        let name = nameText.string
        guard !name.isEmpty, name.contains(".") else { return nil }
        let exists = hasFile(name)
        if requireFile, !exists { return nil }
        var item = MediaItem(file: exists ? name : nil, name: exists ? nil : name)
        let caption = ByteText(trimming: bytes[firstLineEnd...])
        if !caption.bytes.isEmpty { item.caption = caption.string }
        return mediaKind(kindName(forFile: name), item)
    }

    /// The kind of media a file is, by its name: `photo`, `video`, `audio`, `voice`, `sticker` or `file`.
    static func kindName(forFile name: String) -> String {
        let lower = name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard let dot = lower.lastIndex(of: 0x2E) else { return "file" }
        let fileExtension = String(decoding: lower[(dot + 1)...], as: UTF8.self)
        if fileExtension == "webp" || lower.starts(with: stickerPrefix) || lower[...].contains(subsequence: stickerInfix) {
            return "sticker"
        }
        if fileExtension == "opus" || lower.starts(with: voicePrefix) { return "voice" }
        switch fileExtension {
        case "jpg", "jpeg", "png", "gif", "heic", "heif", "avif", "bmp", "tif", "tiff": return "photo"
        case "mp4", "m4v", "mov", "3gp", "webm", "mkv", "avi": return "video"
        case "mp3", "m4a", "aac", "ogg", "oga", "wav", "amr", "flac": return "audio"
        default: return "file"
        }
    }

    private static let stickerPrefix = Array("stk-".utf8)
    private static let stickerInfix = Array("-sticker-".utf8)
    private static let voicePrefix = Array("ptt-".utf8)

    private static func mediaKind(_ name: String, _ item: MediaItem) -> MessageKind {
        switch name {
        case "photo": .photo(item)
        case "video": .video(item)
        case "audio": .audio(item)
        case "voice": .voice(item)
        case "sticker": .sticker(item)
        default: .file(item)
        }
    }

    // MARK: - Polls

    private static let pollWords = utf8(["POLL:", "ENCUESTA:", "ENQUETE:", "UMFRAGE:", "SONDAGGIO:", "SONDAGE:", "PEILING:"])
    private static let optionWords = utf8(["OPTION:", "OPCIÓN:", "OPÇÃO:", "OPZIONE:", "OPTIE:", "OPTION :"])

    /// `POLL:`, the question, then `OPTION: Friday (2 votes)` lines.
    private static func poll(_ text: ByteText) -> Poll? {
        guard text.hasPrefix(anyOf: pollWords) else { return nil }
        let lines = text.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { ByteText(trimming: $0) }
        guard lines.count >= 3, pollWords.contains(where: { $0.elementsEqual(lines[0].bytes) }) else { return nil }
        var question: [String] = []
        var options: [Poll.Option] = []
        for line in lines.dropFirst() {
            if let word = optionWords.first(where: { line.bytes.starts(with: $0) }) {
                options.append(option(ByteText(trimming: line.bytes.dropFirst(word.count))))
            } else if line.bytes.isEmpty {
                continue
            } else if options.isEmpty {
                question.append(line.string)
            } else {
                return nil
            }
        }
        guard !question.isEmpty, !options.isEmpty else { return nil }
        return Poll(question: question.joined(separator: "\n"), options: options)
    }

    /// `Friday 16 evening (2 votes)`: the text and the number in the last brackets.
    private static func option(_ line: ByteText) -> Poll.Option {
        let bytes = line.bytes
        guard bytes.last == 0x29, let open = bytes.lastIndex(of: 0x28) else { return Poll.Option(text: line.string) }
        let inside = bytes[(open + 1)..<(bytes.endIndex - 1)]
        let digits = inside.prefix { WhatsAppBytes.isDigit($0) }
        guard !digits.isEmpty, digits.count < 10, digits.count == inside.count || inside[digits.endIndex] == 0x20 else {
            return Poll.Option(text: line.string)
        }
        let votes = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return Poll.Option(text: ByteText(trimming: bytes[bytes.startIndex..<open]).string, votes: votes)
    }

    // MARK: - Places

    private static let locationWords: Set<String> = [
        "location", "live location", "ubicación", "ubicacion", "localização", "localizacao", "standort", "posizione",
        "position", "localisation", "locatie", "lokasi", "konum",
    ]

    /// `Location: https://maps.google.com/?q=52.5,13.4` and venues `Café (Street 1): https://foursquare.com/v/…`.
    private static func location(_ text: ByteText) -> MessageKind? {
        guard text.bytes.contains(subsequence: linkAfterColon) else { return nil }
        let line = text.string
        guard let separator = line.range(of: ": http") else { return nil }
        let label = String(line[..<separator.lowerBound])
        let url = String(line[line.index(separator.lowerBound, offsetBy: 2)...])
        guard !url.contains(" "), !label.isEmpty else { return nil }
        let lowerURL = url.lowercased()
        var name: String?
        var address: String?
        if !locationWords.contains(label.lowercased()) {
            // A venue: "Name (address)" and a link to a map or to Foursquare.
            guard label.hasSuffix(")"), let open = label.range(of: " (", options: .backwards),
                  lowerURL.contains("foursquare.com") || lowerURL.contains("maps.google.") || lowerURL.contains("goo.gl/maps")
                    || lowerURL.contains("maps.app.goo.gl") || lowerURL.contains("maps.apple.com")
            else { return nil }
            name = String(label[..<open.lowerBound])
            address = String(label[open.upperBound..<label.index(before: label.endIndex)])
        }
        if let (latitude, longitude) = coordinates(in: url) {
            return .location(Location(latitude: latitude, longitude: longitude, name: name, address: address))
        }
        return .linkPreview(LinkPreview(url: url, title: name, description: address))
    }

    /// Latitude and longitude from a map address: `?q=lat,lon`, `ll=`, `query=`, or `@lat,lon`.
    static func coordinates(in url: String) -> (Double, Double)? {
        let bytes = Array(url.utf8)
        let keys = utf8(["q=", "ll=", "query=", "@", "loc:"])
        for key in keys {
            var search = 0
            while search + key.count <= bytes.count {
                guard let start = firstIndex(of: key, in: bytes, from: search) else { break }
                search = start + 1
                if key.count > 1, start > 0, bytes[start - 1] != 0x3F, bytes[start - 1] != 0x26, key[0] != 0x40 { continue }
                var index = start + key.count
                guard let latitude = decimal(bytes, &index) else { continue }
                if index < bytes.count, bytes[index] == 0x2C {
                    index += 1
                } else if index + 2 < bytes.count, bytes[index] == 0x25, bytes[index + 1] == 0x32, bytes[index + 2] | 0x20 == 0x63 {
                    index += 3  // %2C
                } else {
                    continue
                }
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x2B { index += 1 }
                guard let longitude = decimal(bytes, &index) else { continue }
                guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { continue }
                return (latitude, longitude)
            }
        }
        return nil
    }

    private static func decimal(_ bytes: [UInt8], _ index: inout Int) -> Double? {
        let start = index
        if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
        let digitsStart = index
        while index < bytes.count, WhatsAppBytes.isDigit(bytes[index]) { index += 1 }
        guard index > digitsStart else { return nil }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            while index < bytes.count, WhatsAppBytes.isDigit(bytes[index]) { index += 1 }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    // MARK: - System messages

    /// What a system text (one without a sender) reports, from WhatsApp's English texts and a few translations.
    package static func event(of text: String) -> SystemEvent.Event {
        let lower = text.lowercased()
        func has(_ phrases: [String]) -> Bool { phrases.contains { lower.contains($0) } }
        if has(["missed voice call", "missed video call", "missed group"]) { return .call }
        if has([
            "created group", "created this group", "created the group", "a créé le groupe", "hat die gruppe",
            "creó el grupo", "criou o grupo", "ha creato il gruppo", "heeft groep",
        ]) && !has(["hat die gruppe verlassen"]) {
            return .create
        }
        if has([
            "changed the subject", "changed the group name", "changed this group's name", "changed the name of",
            "hat den betreff", "hat den gruppennamen", "cambió el asunto", "cambió el nombre del grupo",
            "mudou o nome do grupo", "alterou o assunto", "a modifié le sujet", "ha cambiato l'oggetto",
        ]) {
            return .rename
        }
        if has([
            " removed ", "you removed", " left", "was removed", "were removed", "hat die gruppe verlassen", "entfernt",
            " salió", "eliminó a", " saiu", " removeu", "est parti", "a retiré", "è uscito", "ha rimosso",
        ]) && !has([" added ", "hinzugefügt"]) {
            return .leave
        }
        if has([
            " added", "you were added", "were added", "was added", "joined using", " joined", "hinzugefügt",
            "beigetreten", "añadió", "se unió", "adicionou", " entrou", "a ajouté", "a rejoint", "ha aggiunto",
            "si è unito",
        ]) {
            return .join
        }
        if has(["pinned a message", "hat eine nachricht angeheftet"]) { return .pin }
        return .other
    }

    /// Whether a system event says the chat is a group.
    static func isAboutAGroup(_ event: SystemEvent) -> Bool {
        switch event.event {
        case .create, .rename, .join, .leave: return true
        default:
            let lower = event.text.lowercased()
            return lower.contains("group") || lower.contains("gruppe") || lower.contains("grupo")
                || lower.contains("groupe") || lower.contains("gruppo")
        }
    }

    // MARK: - Bytes

    static let separatorDot = Array(" • ".utf8)
    private static let linkAfterColon = Array(": http".utf8)

    package static func utf8(_ strings: [String]) -> [[UInt8]] { strings.map { Array($0.utf8) } }
}

/// A slice of a message's bytes with direction marks and spaces trimmed at both ends.
struct ByteText {
    package let bytes: ArraySlice<UInt8>

    init(trimming slice: ArraySlice<UInt8>) {
        var start = slice.startIndex
        var end = slice.endIndex
        while start < end {
            if Self.isSpaceOrNewline(slice[start]) {
                start += 1
            } else if slice[start] == 0xC2, start + 1 < end, slice[start + 1] == 0xA0 {
                start += 2
            } else if let length = Self.markLength(slice, start, end), length > 0 {
                start += length
            } else {
                break
            }
        }
        while end > start {
            if Self.isSpaceOrNewline(slice[end - 1]) {
                end -= 1
            } else if end - start >= 2, slice[end - 2] == 0xC2, slice[end - 1] == 0xA0 {
                end -= 2
            } else if end - start >= 3, let length = Self.markLength(slice, end - 3, end), length == 3 {
                end -= 3
            } else {
                break
            }
        }
        bytes = slice[start..<end]
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }

    package func hasPrefix(anyOf prefixes: [[UInt8]]) -> Bool {
        prefixes.contains { bytes.starts(with: $0) }
    }

    /// The text without one of `suffixes` at its end, trimmed again; nil when it has none of them.
    func removingSuffix(anyOf suffixes: [[UInt8]]) -> ByteText? {
        guard bytes.last == 0x3E else { return nil }
        for suffix in suffixes where bytes.count >= suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix) {
            return ByteText(trimming: bytes.dropLast(suffix.count))
        }
        return nil
    }

    /// The parts between occurrences of `separator`, trimmed.
    package func split(at separator: [UInt8]) -> [ByteText] {
        var parts: [ByteText] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index + separator.count <= bytes.endIndex {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(ByteText(trimming: bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(ByteText(trimming: bytes[start..<bytes.endIndex]))
        return parts
    }

    private static func isSpaceOrNewline(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func markLength(_ slice: ArraySlice<UInt8>, _ index: Int, _ end: Int) -> Int? {
        guard index + 2 < end else { return nil }
        let lead = slice[index], middle = slice[index + 1], last = slice[index + 2]
        if lead == 0xE2, middle == 0x80, last == 0x8E || last == 0x8F || (last >= 0xAA && last <= 0xAE) { return 3 }
        if lead == 0xE2, middle == 0x81, last >= 0xA6, last <= 0xA9 { return 3 }
        if lead == 0xEF, middle == 0xBB, last == 0xBF { return 3 }
        return nil
    }
}

extension ArraySlice where Element == UInt8 {
    package func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return false }
        var index = startIndex
        while index + needle.count <= endIndex {
            if self[index] == needle[0], self[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
