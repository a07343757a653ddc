import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// One chat of a Telegram export turned into a conversation, with the warnings about what could not be read.
enum TelegramChat {
    /// A chat given as one parsed value (a chat whose outline the scanner could not take apart): the whole-value
    /// path, which reports what is wrong with its shape. Its warnings give JSON paths without lines.
    package static func conversation(
        from json: JSONValue, path: String, number: Int, context: ImportContext, displayPath: String
    ) throws -> (Conversation, [String]) {
        let chatPath = JSONPath(pathText: path)  // "chats.list[3]" → chats, list, 3
        do {
            let chat = try JSONObject(json, path: chatPath, context: JSONDecodingContext(defaultTimeZone: context.timeZone))
            guard case .array(let items)? = chat.value("messages") else {
                guard let other = chat.value("messages"), !other.isNull else { throw JSONMappingError.missing(chatPath, "messages") }
                throw JSONMappingError.expected("a list of messages", found: other, at: chatPath + [AnyCodingKey(stringValue: "messages")])
            }
            let converter = TelegramMessages(context: context)
            let converted = items.enumerated().map { converter.convert($1, index: $0) }
            var header = chat.members
            header["messages"] = nil
            var warnings = FieldWarnings(file: displayPath)
            for (index, item) in converted.enumerated() where !item.problems.isEmpty {
                warnings.add(item.problems, at: messagesPath(path) + "[\(index)]", offset: nil)
            }
            let conversation = try conversation(
                header: header, converted: [converted], path: path, number: number, context: context, displayPath: displayPath)
            return (conversation.conversation, conversation.warnings + warnings.warnings(in: nil))
        } catch let error as TranscriptsError {
            throw error
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath)
        }
    }

    /// The JSON path of a chat's messages: `messages`, `chats.list[3].messages`.
    static func messagesPath(_ chatPath: String) -> String {
        chatPath.isEmpty ? "messages" : chatPath + ".messages"
    }

    /// A chat from its fields (all but `messages`) and its converted messages, in chunks in order; the warnings are
    /// about the chat's own fields (the messages' are the caller's, who knows where they are). Given a digest of
    /// each message's bytes, it gives a digest of each of the conversation's messages (`TelegramMessages.assemble`).
    /// A chat's id: its `id`, or for exports written by other tools that lack ids, the file and the chat's place
    /// in it.
    static func id(
        header: [String: JSONValue], path: String, number: Int, context: ImportContext, displayPath: String
    ) throws -> String {
        let fileName = displayPath.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "telegram"
        do {
            let chat = try JSONObject(.object(header), path: [], context: JSONDecodingContext(defaultTimeZone: context.timeZone))
            return try chat.optionalIdentifier("id") ?? "\(fileName)-\(number + 1)"
        } catch {
            throw TranscriptsError(decoding: error, file: displayPath, pathPrefix: path)
        }
    }

    package static func conversation(
        header: [String: JSONValue], converted: consuming [[TelegramMessages.Converted]], sourceDigests: [UInt64]? = nil, path: String,
        number: Int, context: ImportContext, displayPath: String
    ) throws -> (conversation: Conversation, warnings: [String], messageDigests: [UInt64]?) {
        var problems = FieldProblems()
        let name = problems.text(header["name"], at: "name", what: "the chat's name", keep: false)
        let id = try Self.id(header: header, path: path, number: number, context: context, displayPath: displayPath)
        let kind: ConversationKind
        switch problems.text(header["type"], at: "type", what: "the chat's type", keep: false) {
        case "personal_chat", "bot_chat", "saved_messages": kind = .direct
        case "private_channel", "public_channel": kind = .channel
        default: kind = .group  // groups, supergroups, and types this version does not know
        }
        let assembled = TelegramMessages.assemble(consume converted, sourceDigests: sourceDigests)
        var warnings = FieldWarnings(file: displayPath)
        warnings.add(problems, at: path, offset: nil)
        let conversation = Conversation(
            id: id, title: name ?? (kind == .direct ? "Saved messages" : "Chat \(number + 1)"), kind: kind,
            participants: assembled.participants, messages: assembled.messages)
        return (conversation, warnings.warnings(in: nil), assembled.digests)
    }
}
