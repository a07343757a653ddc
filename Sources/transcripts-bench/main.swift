// transcripts-bench: writes a synthetic corpus of N messages in the canonical format (JSON Lines), times
// full `transcripts build` runs of it in a child process, and prints messages per second and peak memory.
//
//   swift build -c release && .build/release/transcripts-bench [--messages N] [--conversations K] [--runs R]
//                                                             [--format jsonl|json] [--keep DIR] [--no-search]
import Foundation
import TranscriptKit

#if canImport(Glibc)
    import Glibc
#endif

struct Options {
    var messages = 100_000
    var conversations = 5
    var runs = 3
    var format = "jsonl"
    var keep: String?
    /// Build without the search index, to see what it costs.
    var search = true

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--messages": messages = Self.count(iterator.next())
            case "--conversations": conversations = Self.count(iterator.next())
            case "--runs": runs = Self.count(iterator.next())
            case "--format": format = iterator.next() ?? "jsonl"
            case "--keep": keep = iterator.next()
            case "--no-search": search = false
            default:
                print("usage: transcripts-bench [--messages N] [--conversations K] [--runs R] [--format jsonl|json] [--keep DIR] [--no-search]")
                exit(argument == "--help" ? 0 : 2)
            }
        }
    }

    /// Accepts `100000`, `100k`, `1M`.
    static func count(_ text: String?) -> Int {
        guard var text = text?.lowercased() else { return 0 }
        var factor = 1
        if text.hasSuffix("k") { factor = 1000; text.removeLast() }
        if text.hasSuffix("m") { factor = 1_000_000; text.removeLast() }
        return (Int(text.replacingOccurrences(of: "_", with: "")) ?? 0) * factor
    }
}

let options = Options(CommandLine.arguments)
let fileManager = FileManager.default
let root = URL(fileURLWithPath: options.keep ?? NSTemporaryDirectory() + "transcripts-bench-\(getpid())")
try? fileManager.removeItem(at: root)
try fileManager.createDirectory(at: root.appendingPathComponent("conversations"), withIntermediateDirectories: true)

// MARK: - The corpus

let generateStart = Date()
let corpus = try CorpusWriter(root: root, options: options).write()
print("corpus: \(corpus.messages) messages in \(options.conversations) conversations, "
    + "\(corpus.bytes / 1_000_000) MB of \(options.format), written in "
    + String(format: "%.1f s", Date().timeIntervalSince(generateStart)) + " to \(root.path)")

// MARK: - Timed builds

let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("transcripts")
guard fileManager.isExecutableFile(atPath: binary.path) else {
    print("error: \(binary.path) not found; run `swift build -c release` first")
    exit(1)
}
var results: [(seconds: Double, cpu: Double, peakKiB: Int)] = []
for run in 1...max(1, options.runs) {
    // --clean: every run renders everything (the build cache would make runs after the first incremental).
    let arguments = [binary.path, "build", root.path, "--clean"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pid: pid_t = 0
    let start = DispatchTime.now()
    guard posix_spawn(&pid, binary.path, &actions, nil, &argv, environ) == 0 else {
        print("error: cannot start \(binary.path)")
        exit(1)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    guard status == 0 else {
        print("error: the build failed (status \(status))")
        exit(1)
    }
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    results.append((seconds, cpu, usage.ru_maxrss))
    print(String(format: "run %d: %.3f s wall, %.3f s CPU, %.0f messages/s, peak RSS %.1f MiB", run, seconds, cpu,
                 Double(corpus.messages) / seconds, Double(usage.ru_maxrss) / 1024))
}
let sorted = results.sorted { $0.seconds < $1.seconds }
let median = sorted[sorted.count / 2]
let outputBytes = (fileManager.enumerator(at: root.appendingPathComponent("public"), includingPropertiesForKeys: [.fileSizeKey])?
    .compactMap { ($0 as? URL).flatMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize } }
    .reduce(0, +)) ?? 0
let searchFolder = root.appendingPathComponent("public/search")
let searchFiles = (fileManager.enumerator(at: searchFolder, includingPropertiesForKeys: [.fileSizeKey])?.allObjects as? [URL]) ?? []
let searchBytes = searchFiles.compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }.reduce(0, +)
print(String(format: "median of %d: %.3f s wall, %.3f s CPU, %.0f messages/s, peak RSS %.1f MiB, output %.1f MB",
             results.count, median.seconds, median.cpu, Double(corpus.messages) / median.seconds,
             Double(median.peakKiB) / 1024, Double(outputBytes) / 1_000_000)
    + (options.search ? String(format: ", search index %.1f MB in %d files", Double(searchBytes) / 1_000_000, searchFiles.count) : ", no search index"))
if options.keep == nil { try? fileManager.removeItem(at: root) }

// MARK: - Corpus writer

/// Deterministic chat-like messages: short bodies, some markdown, emoji, other scripts, replies, edits,
/// reactions, photos and joins, in the shares the peers' benchmark corpus has.
struct CorpusWriter {
    let root: URL
    let options: Options

    struct Written { var messages = 0; var bytes = 0 }

    func write() throws -> Written {
        var random = SplitMix64(seed: 1)
        var written = Written()
        let config = "title: Benchmark\nme: u0\ntimeZone: Europe/Berlin\nlocale: en_GB\ninputs: [conversations]\n"
            + (options.search ? "" : "search: {enabled: false}\n")
        try config.write(to: root.appendingPathComponent("transcripts.yml"), atomically: true, encoding: .utf8)
        let shares = [0.38, 0.27, 0.17, 0.10, 0.08]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        for index in 0..<options.conversations {
            let share = options.conversations == 5 ? shares[index] : 1 / Double(options.conversations)
            let count = index == options.conversations - 1
                ? options.messages - written.messages : Int(Double(options.messages) * share)
            let participants = (0..<(index == 4 ? 2 : 50)).map { Participant(id: "u\($0)", name: Self.names[$0 % Self.names.count] + " \($0)") }
            var time = 1_457_000_000.0 + Double(index) * 3600
            var messages: [Message] = []
            messages.reserveCapacity(count)
            for number in 0..<count {
                time += random.chance(0.02) ? random.double(in: 3600...400_000) : random.double(in: 2...300)
                messages.append(Self.message(number: number, time: time, participants: participants, random: &random))
            }
            let conversation = Conversation(
                id: "conversation-\(index)", title: "Conversation \(index)", kind: index == 4 ? .direct : .group,
                participants: participants)
            let url = root.appendingPathComponent("conversations/\(index).\(options.format)")
            var data = Data()
            if options.format == "json" {
                var full = conversation
                full.messages = messages
                data = try encoder.encode(full)
            } else {
                data.append(try encoder.encode(conversation))
                data.append(0x0A)
                for message in messages {
                    data.append(try encoder.encode(message))
                    data.append(0x0A)
                }
            }
            try data.write(to: url)
            written.messages += count
            written.bytes += data.count
        }
        return written
    }

    static let names = ["Ada", "Bob", "Chen", "Dana", "Emil", "Fatima", "Goran", "Hana", "Ivo", "Júlia", "Kenji", "Lena"]
    static let words = ("the a to and of in is it you that for on was with he as I this be at by not are from or have "
        + "coffee meeting tomorrow build release test deploy lunch weekend photo link idea plan great thanks sure "
        + "maybe later done fixed broken review merge branch server page search index chat archive").split(separator: " ")
    static let foreign = ["Привет, как дела?", "今天的会议改到下午三点。", "明日の会議は午後三時です。", "مرحبا، كيف حالك؟",
                          "Увидимся завтра на встрече", "这个问题已经修好了", "ありがとうございます！"]
    static let emoji = ["😀", "👍", "🎉", "❤️", "👩‍💻", "👍🏽", "🇩🇪", "😂", "🙏"]

    static func message(number: Int, time: Double, participants: [Participant], random: inout SplitMix64) -> Message {
        let sender = participants[min(participants.count - 1, Int(pow(random.unit(), 2.5) * Double(participants.count)))]
        let date = Timestamp(secondsSince1970: time.rounded(), utcOffset: 3600)
        let id = String(number + 1)
        if random.chance(0.004) {
            return Message(id: id, sender: sender.id, date: date,
                           kind: .system(SystemEvent(event: .join, text: "\(sender.name) joined")))
        }
        var text = ""
        let length = random.chance(0.05) ? random.int(in: 40...200) : random.int(in: 2...14)
        if random.chance(0.1) {
            text = foreign[random.int(in: 0...(foreign.count - 1))]
        } else {
            text = (0..<length).map { _ in String(words[random.int(in: 0...(words.count - 1))]) }.joined(separator: " ")
        }
        if random.chance(0.2) { text += " " + emoji[random.int(in: 0...(emoji.count - 1))] }
        var kind = MessageKind.text(text)
        if random.chance(0.22) {
            switch random.int(in: 0...4) {
            case 0: text = "**" + text + "**"
            case 1: text += " see https://example.com/docs/page_\(number)?q=a*b"
            case 2: text = "`code()` " + text + " _really_"
            case 3: text += " [link](https://example.org/\(number))"
            default: text = "- " + text + "\n- second point\n\n```\nlet x = \(number)\n```"
            }
            kind = .markdown(text)
        }
        if random.chance(0.06) {
            kind = .photo(MediaItem(file: "media/\(number).jpg", width: 1280, height: 960,
                                    caption: random.chance(0.5) ? text : nil))
        }
        var message = Message(id: id, sender: sender.id, date: date, kind: kind)
        if number > 0, random.chance(0.1) { message.replyTo = String(random.int(in: max(1, number - 50)...number)) }
        if random.chance(0.05) { message.edited = Timestamp(secondsSince1970: time + 60, utcOffset: 3600) }
        if random.chance(0.12) {
            message.reactions = [Reaction(emoji: emoji[random.int(in: 0...(emoji.count - 1))],
                                          by: [participants[random.int(in: 0...(participants.count - 1))].id])]
        }
        return message
    }
}

/// A small, fast, seedable generator, so the same options always write the same corpus.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
