import Foundation
import Testing
import TranscriptTestSupport

/// Runs the real `transcripts` binary, as a user does.
@Suite struct TranscriptsCommandTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `transcripts` binary of the same build as the tests (beside the test bundle).
    static var binary: URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle.appendingPathComponent("transcripts"), bundle.deletingLastPathComponent().appendingPathComponent("transcripts")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs the binary with `arguments`, in `folder`, with `environment` added to this process's.
    func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        let binary = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the binary first: swift build")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    @Test func quietPrintsNothingButWarnings() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": TestSupport.conversation(messages: [
            #"{"id":"1","sender":"ann","date":"2024-05-03T09:30:00Z","text":"hi","replyTo":"missing"}"#,
        ])])
        let result = try run(["build", site.path, "--quiet"])
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("warning: ") && result.errors.contains("1 reply points to messages not in the export"))
        // Not a terminal: no progress line either, without --quiet.
        let loud = try run(["build", site.path])
        #expect(!loud.errors.contains("\u{1B}[K"))
    }

    @Test func completionScriptsKnowTheCommandsAndFlags() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try run(["--generate-completion-script", shell])
            #expect(result.status == 0)
            for word in ["build", "serve", "import", "init", "--protect", "--quiet", "--from"] {
                // fish names a flag without its dashes (`-l 'quiet'`).
                let fish = word.hasPrefix("--") ? "-l '\(word.dropFirst(2))'" : word
                #expect(result.output.contains(word) || (shell == "fish" && result.output.contains(fish)), "\(shell) completions lack \(word)")
            }
        }
    }

    @Test func initMakesASiteThatBuilds() throws {
        let folder = try TestSupport.temporaryFolder().appendingPathComponent("starter")
        let made = try run(["init", folder.path])
        #expect(made.status == 0)
        #expect(made.output.hasPrefix("Made the site \"My archive\" in "))
        #expect(made.output.contains("  transcripts.yml\n") && made.output.contains("Next: transcripts build "))
        #expect(try run(["build", folder.path]).status == 0)
        let again = try run(["init", folder.path])
        #expect(again.status == 1 && again.errors.contains("there is a site here already; init never overwrites one"))
    }

    @Test func buildPrintsASummary() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        let result = try run(["build", site.path])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("1 conversation, 3 messages read, 3 rendered, 5 pages, "))
        #expect(result.output.contains("  Small <talk>: 3 read, 3 rendered ("))
        #expect(result.errors == "")
    }

    /// The build cache knows exports by their absolute paths: a build run from another folder takes the
    /// conversations over, and shows paths (in its warnings too) relative to its own folder.
    @Test func theBuildCacheDoesNotDependOnTheFolderABuildRunsIn() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": TestSupport.conversation(messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-01T10:00:00Z", "text": "hi", "replyTo": "gone"}"#,
        ])])
        let first = try run(["build", site.lastPathComponent], in: site.deletingLastPathComponent())
        #expect(first.status == 0)
        #expect(first.errors == "warning: \(site.lastPathComponent)/conversations/small.json: 1 reply points to messages not in the export\n", "\(first.errors)")
        #expect(!first.output.contains("warning:"))
        Thread.sleep(forTimeInterval: 2.2)  // files changed within two seconds are read again
        let second = try run(["build", site.path], in: URL(fileURLWithPath: "/"))
        #expect(second.status == 0)
        #expect(second.output.contains("incremental: 1 conversation reused"), "\(second.output)")
        #expect(second.errors == "warning: \(site.path)/conversations/small.json: 1 reply points to messages not in the export\n", "\(second.errors)")
    }

    @Test func aJSONReportForCI() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        let report = site.appendingPathComponent("report.json")
        let result = try run(["build", site.path, "--report", report.path])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        #expect(json?["messagesRead"] as? Int == 3)
        #expect(json?["messagesRendered"] as? Int == 3)
        #expect((json?["conversations"] as? [[String: Any]])?.first?["title"] as? String == "Small <talk>")
        #expect((json?["warnings"] as? [String])?.isEmpty == true)
    }

    @Test func theOutputFolderCanBeChosen() throws {
        let site = try TestSupport.makeSite(conversations: ["small.json": BuildFixtures.small])
        let output = try TestSupport.temporaryFolder().appendingPathComponent("elsewhere")
        let result = try run(["build", site.path, "--output", output.path])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("c/small/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }

    @Test func badInputIsAClearErrorWithoutAStackTrace() throws {
        let site = try TestSupport.makeSite(
            conversations: ["c.json": TestSupport.conversation(messages: [#"{"id": "1", "date": "later", "text": "x"}"#])])
        let result = try run(["build", site.path])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors == "error: \(site.path)/conversations/c.json:1:168: at messages[0].date: expected an ISO 8601 date such as 2024-05-03T09:30:00+02:00, found \"later\"\n")
    }

    /// Bytes that are not UTF-8 in a JSON export: built, shown as U+FFFD, with a warning that names the place;
    /// `--strict` fails on it, also when the conversation is taken over from the previous build.
    @Test func bytesThatAreNotUTF8InAJSONExportFailAStrictBuild() throws {
        let site = try TestSupport.makeSite(config: "title: T\ninputs: [telegram]\n", conversations: [:])
        var chat = Data(#"{"name": "Ann", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "caf"#.utf8)
        chat.append(0xE9)
        chat.append(contentsOf: Array("\"}]}\n".utf8))
        try FileManager.default.createDirectory(at: site.appendingPathComponent("telegram"), withIntermediateDirectories: true)
        try chat.write(to: site.appendingPathComponent("telegram/result.json"))
        let warning = "\(site.path)/telegram/result.json:1:167: at messages[0].text: bytes that are not UTF-8 are shown as \u{FFFD}"
        let built = try run(["build", site.path, "--quiet"])
        #expect(built.status == 0)
        #expect(built.errors == "warning: \(warning)\n")
        for clean in [false, true] {
            let strict = try run(["build", site.path, "--strict"] + (clean ? ["--clean"] : []))
            #expect(strict.status == 1)
            #expect(strict.errors.contains("1 warning with --strict; the previous output is unchanged:\n  \(warning)\n"), "\(strict.errors)")
        }
    }

    /// An escape of a lone surrogate in a JSON export: built, shown as U+FFFD, with a warning that names the
    /// place; `--strict` fails on it.
    @Test func loneSurrogateEscapesInAJSONExportFailAStrictBuild() throws {
        let site = try TestSupport.makeSite(config: "title: T\ninputs: [telegram]\n", conversations: [:])
        let chat = #"{"name": "Ann", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": "cut \uD83D"}]}"#
        try FileManager.default.createDirectory(at: site.appendingPathComponent("telegram"), withIntermediateDirectories: true)
        try Data((chat + "\n").utf8).write(to: site.appendingPathComponent("telegram/result.json"))
        let warning = "\(site.path)/telegram/result.json:1:167: at messages[0].text: escapes of lone UTF-16 surrogates (\\uD800 to \\uDFFF without their pair) are shown as \u{FFFD}"
        let built = try run(["build", site.path, "--quiet"])
        #expect(built.status == 0)
        #expect(built.errors == "warning: \(warning)\n")
        let output = site.appendingPathComponent("public")
        let pages = (FileManager.default.subpaths(atPath: output.path) ?? []).filter { $0.hasSuffix(".html") }
        #expect(try pages.contains { try TestSupport.read(output.appendingPathComponent($0)).contains("cut \u{FFFD}") })
        let strict = try run(["build", site.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.errors.contains("1 warning with --strict; the previous output is unchanged:\n  \(warning)\n"), "\(strict.errors)")
    }

    @Test func aMissingSiteOrConfigIsNamed() throws {
        let missing = try run(["build", "/nonexistent/site"])
        #expect(missing.status == 1)
        #expect(missing.errors == "error: /nonexistent/site: the site folder does not exist\n")
        let site = try TestSupport.makeSite(conversations: [:])
        let config = try run(["build", site.path, "--config", site.appendingPathComponent("other.yml").path])
        #expect(config.status == 1)
        #expect(config.errors.hasSuffix("other.yml: the config file does not exist\n"))
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try run(["build", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: transcripts build [<options>] [<site>]"))
        for option in ["--output <output>", "--config <config>", "--pseudonymize", "--exclude <name>", "--redact <pattern>", "--noindex"] {
            #expect(result.output.contains(option), "\(option)")
        }
    }
}
