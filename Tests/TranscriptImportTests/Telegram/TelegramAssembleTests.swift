import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel

/// Chunks of converted messages are moved into the conversation on all cores (`TelegramMessages.assemble`): the
/// messages, participants and digests are those of moving them one after another, wherever the chunks end.
@Suite struct TelegramAssembleTests {
    let converter = TelegramMessages(context: ImportContext(timeZone: TimeZone(identifier: "UTC")!))

    /// Random messages: some undated (the first ones too), some starting a topic, replies to topics before and
    /// after them and to other messages, fields of the wrong type (kept in a `fields` part), senders repeated.
    func randomMessages(_ count: Int, seed: UInt64, allUndated: Bool = false) throws -> [TelegramMessages.Converted] {
        var generator = SeededGenerator(seed: seed)
        var converted: [TelegramMessages.Converted] = []
        for index in 0..<count {
            let roll = Int.random(in: 0..<20, using: &generator)
            let date = allUndated || roll < 3 || index < 2 ? "" : #""date_unixtime": "\#(1_700_000_000 + index * 60)","#
            let sender = #""from": "Person \#(roll % 5)", "from_id": "user\#(roll % 5)","#
            let reply = roll == 7 || roll == 8 ? #""reply_to_message_id": \#(Int.random(in: 0..<count, using: &generator)),"# : ""
            let text = roll == 9 ? #""text": {"odd": \#(index)}"# : #""text": "message \#(index)""#
            let json = roll == 10
                ? #"{"id": \#(index), "type": "service", \#(date) "actor": "Ann", "actor_id": "user0", "action": "topic_created", "title": "T"}"#
                : #"{"id": \#(index), "type": "message", \#(date) \#(sender) \#(reply) \#(text)}"#
            converted.append(converter.convert(try JSONParser.parse(json), index: index))
        }
        return converted
    }

    /// The assembly as it was written first: one message after another, on one core.
    func assembledOneByOne(
        _ converted: [TelegramMessages.Converted], sourceDigests: [UInt64]?
    ) -> (messages: [Message], participants: [Participant], digests: [UInt64]?) {
        var participants: [Participant] = []
        var known: Set<String> = []
        var topics: Set<String> = []
        var messages: [Message] = []
        var digests: [UInt64] = []
        var previousDate = converted.first { !$0.undated }?.message.date
        for (index, item) in converted.enumerated() {
            var message = item.message
            if let sender = message.sender, known.insert(sender).inserted {
                participants.append(Participant(id: sender, name: item.senderName ?? sender))
            }
            if item.startsTopic { topics.insert(message.id) }
            if let reply = message.replyTo, topics.contains(reply) {
                message.thread = reply
                message.replyTo = nil
            }
            if item.undated, let previousDate { message.date = previousDate }
            previousDate = message.date
            messages.append(message)
            if let sourceDigests {
                digests.append(TelegramMessages.messageDigest(message, source: sourceDigests[index], index: index, part: false))
            }
            if let part = item.problems.keptPart(id: message.id + "-fields", sender: message.sender, date: message.date) {
                messages.append(part)
                if let sourceDigests { digests.append(TelegramMessages.messageDigest(part, source: sourceDigests[index], index: index, part: true)) }
            }
        }
        return (messages, participants, sourceDigests == nil ? nil : digests)
    }

    @Test func noChunksGiveNoMessages() {
        let assembled = TelegramMessages.assemble([], sourceDigests: [])
        #expect(assembled.messages.isEmpty && assembled.participants.isEmpty && assembled.digests == [])
        #expect(TelegramMessages.assemble([[], []]).messages.isEmpty)
    }

    @Test(arguments: [(0, 1), (1, 3), (300, 5), (300, 1000), (2000, 7)])
    func chunksOnAllCoresGiveWhatOneByOneGives(count: Int, seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        for allUndated in [false, true] {
            let converted = try randomMessages(count, seed: UInt64(seed), allUndated: allUndated)
            let sources = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
            // Cut at random places, with empty chunks too.
            var cuts = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...count, using: &generator) }
            cuts = ([0] + cuts + [count]).sorted()
            let chunks = zip(cuts, cuts.dropFirst()).map { Array(converted[$0..<$1]) }
            for digests in [nil, sources] {
                let expected = assembledOneByOne(converted, sourceDigests: digests)
                let assembled = TelegramMessages.assemble(chunks, sourceDigests: digests)
                // The first message that differs, rather than both lists whole.
                #expect(assembled.messages.count == expected.messages.count)
                let different = expected.messages.indices.first {
                    $0 >= assembled.messages.count || assembled.messages[$0] != expected.messages[$0]
                }
                #expect(different == nil, "\(count) messages in \(chunks.count) chunks: message \(different ?? -1) differs")
                #expect(assembled.participants == expected.participants)
                #expect(assembled.digests == expected.digests)
            }
            if count == 2000 && !allUndated {
                let expected = assembledOneByOne(converted, sourceDigests: nil)
                #expect(expected.messages.contains { $0.thread != nil } && expected.messages.count > count)
            }
        }
    }
}
