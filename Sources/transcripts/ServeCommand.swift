import ArgumentParser
import Foundation
import TranscriptModel
import TranscriptServe
import TranscriptSite
import TranscriptSupport

/// `transcripts serve [SITE] [--port N] [--host ADDR] [--open]`: builds, serves, watches and reloads.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build a site, serve it on this machine and rebuild it (and reload open pages) on every change.",
        discussion: """
            Watches SITE's config, its Templates folder and the inputs; a change rebuilds the site and reloads \
            the pages open in a browser. A failed build is shown in the pages and here, and the last good site \
            is still served until the error is fixed. Only the files of the output folder are served, by \
            default only to this machine (127.0.0.1). The site on disk is exactly what `transcripts build` \
            writes: the reload script is added to pages only as they are sent.
            """
    )

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 8000

    @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), 0.0.0.0 (every network), ::1, ...", valueName: "address"))
    var host: String = "127.0.0.1"

    @Flag(help: "Open the site in the browser (with xdg-open, or open on macOS).")
    var open = false

    func run() async throws {
        let server = SiteServer(
            options: ServeOptions(
                build: try siteOptions.buildOptions(),
                host: host, port: port),
            report: { event in Terminal.report(event) })
        let url: URL
        do {
            url = try await server.start()
        } catch {
            Terminal.error(TranscriptsError.sentence(for: error))
            throw ExitCode.failure
        }
        Terminal.print("Serving \(siteOptions.site) at \(url) (watching for changes; Ctrl-C stops)")
        if open { BrowserOpener.open(url) }
        let watching = Task { try await server.watch() }
        StopSignals.install { watching.cancel() }
        _ = try? await watching.value
        StopSignals.restoreDefaults()
        await server.stop()
    }
}

/// What `serve` writes to the terminal (unbuffered, so that a program reading it sees each line at once).
enum Terminal {
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data("error: \(line)\n".utf8))
    }

    static func report(_ event: ServeEvent) {
        switch event {
        case .rebuilding(let files):
            let shown = files.prefix(3).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
            print("Changed: \(shown)\(files.count > 3 ? " and \(files.count - 3) more" : ""); rebuilding")
        case .built(let summary):
            // The counts (and the warnings, on stderr); the line per conversation is for `build`.
            print(String(summary.report.prefix { $0 != "\n" }))
            if summary.conversationsReused > 0 || summary.filesUnchanged > 0 { print(summary.incrementalLine) }
            FileHandle.standardError.write(Data(summary.warningLines.utf8))
        case .failed(let message):
            error(message + "\n(still serving the last good build; fix the file and the site is rebuilt)")
        }
    }
}

/// Opens a URL in the user's browser when the system has a way to; never fails.
enum BrowserOpener {
    static func open(_ url: URL) {
        #if os(macOS)
        let tool = "open"
        #else
        let tool = "xdg-open"
        #endif
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let executable = folders.map({ "\($0)/\(tool)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            Terminal.print("(--open: there is no \(tool) here; open \(url) yourself)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Terminal.print("(--open: \(tool) did not start; open \(url) yourself)")
        }
    }
}

/// Turns the first Ctrl-C (SIGINT) or SIGTERM into a clean stop: the build under way finishes, so no staging
/// folder is left behind. A second one ends the program at once.
///
/// A C signal handler can capture nothing, so it writes a byte to a pipe made once (`pipeEnds`); a thread of
/// its own waits on the other end and calls `onStop`.
enum StopSignals {
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        return (ends[0], ends[1])
    }()

    static func install(onStop: @escaping @Sendable () -> Void) {
        let ends = pipeEnds
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(ends.read, &byte, 1) < 0, errno == EINTR {}
            restoreDefaults()
            onStop()
        }
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(StopSignals.pipeEnds.write, &byte, 1)
            }
        }
    }

    /// Puts the default signal handling back.
    static func restoreDefaults() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
