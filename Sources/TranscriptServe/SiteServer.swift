import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import TranscriptModel
import TranscriptSite
import TranscriptSupport

/// `transcripts serve`: builds a site, serves its output folder over HTTP, watches the config, the templates
/// and the inputs, rebuilds when they change, and makes open pages reload (or show the build error).
///
/// ```swift
/// let server = try SiteServer(options: ServeOptions(build: BuildOptions(site: URL(fileURLWithPath: "Site")))) { event in
///     print(event)
/// }
/// let url = try await server.start()   // builds once, then listens
/// print("Serving at \(url)")
/// try await server.watch()             // rebuilds on every change until the task is cancelled
/// await server.stop()
/// ```
///
/// The server is Hummingbird's (on SwiftNIO); its HTTP decoder refuses a request head over `HeadLimits` as it
/// reads it (`HeadLimitAnswer` sends the 431). Only files inside the output folder are served (see
/// `StaticFileResolver`); pages get the live-reload script on their way out, and the files on disk stay exactly as
/// `transcripts build` writes them. A failed build leaves the last good site in place: it is still served, with the
/// error shown over every page.
public actor SiteServer {
    /// What is served, and where.
    public let options: ServeOptions
    private let builder: SiteBuilder
    private let report: @Sendable (ServeEvent) -> Void
    private let broadcaster = ReloadBroadcaster()
    private let watcher: ChangeWatcher
    private var site: ServedSite
    private var watchList: WatchList
    /// The running Hummingbird application; cancelling it stops the server.
    private var serverTask: Task<Void, any Error>?
    private var keepAliveTask: Task<Void, Never>?
    /// The latest build asked for; each build waits for the one before (they share the staging folder).
    private var latestBuild: Task<Void, Never>?

    /// How often open pages get a comment on the event stream, so that closed ones are noticed.
    private static let keepAliveInterval: Duration = .seconds(15)

    /// A server for `options`; `builder` builds the site (by default a plain `SiteBuilder` of `options.build`),
    /// and `report` hears of every rebuild and error.
    public init(options: ServeOptions, builder: SiteBuilder? = nil, report: @escaping @Sendable (ServeEvent) -> Void = { _ in }) {
        self.options = options
        self.builder = builder ?? SiteBuilder(options: options.build)
        self.report = report
        watcher = ChangeWatcher(interval: options.pollInterval)
        let configuration = (try? self.builder.loadConfiguration()) ?? SiteConfiguration()
        site = ServedSite(outputFolder: options.build.outputFolder(for: configuration), generation: 0)
        watchList = WatchList(options: options.build, configuration: configuration)
    }

    /// `duration` as NIO's `TimeAmount`.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Builds the site once (a failed build is reported and shown, not thrown), starts listening and returns
    /// the server's URL. Throws when the address cannot be listened on.
    public func start() async throws -> URL {
        let host = try ServerAddress.bindHost(for: options.host)
        await rebuild(changedFiles: nil)
        let responder = SiteResponder(site: { [weak self] in
            await self?.site ?? ServedSite(outputFolder: URL(fileURLWithPath: "/nonexistent"), generation: 0)
        }, broadcaster: broadcaster)
        let listening = ListeningAddress()
        // Each connection gets a `HeadLimitAnswer` of its own (the argument is evaluated per connection), between
        // NIO's decoder, which keeps `HeadLimits`, and Hummingbird. The logger is silent: `serve` reports itself.
        let application = Application(
            responder: responder,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [HeadLimitAnswer()], idleTimeout: Self.timeAmount(options.idleTimeout),
                httpDecoderConfiguration: HeadLimits.decoder)),
            configuration: .init(address: .hostname(host, port: Int(options.port))),
            onServerRunning: { channel in await listening.record(.success(channel.localAddress)) },
            logger: Logger(label: "transcripts serve", factory: { _ in SwiftLogNoOpLogHandler() }))
        serverTask = Task {
            do {
                try await application.run()
                await listening.record(.failure(CancellationError()))
            } catch {
                await listening.record(.failure(error))
                throw error
            }
        }
        let address: SocketAddress?
        do {
            address = try await listening.address()
        } catch {
            await stop()
            throw TranscriptsError(message: "cannot listen on \(options.host) port \(options.port) (\(TranscriptsError.sentence(for: error)))")
        }
        keepAliveTask = Task { [broadcaster] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.keepAliveInterval)
                await broadcaster.send(.keepAlive)
            }
        }
        guard let url = ServerAddress.url(of: address) else {
            await stop()
            throw TranscriptsError(message: "the server is not listening")
        }
        return url
    }

    /// Watches the site's files and rebuilds after every change (one save, one rebuild) until the task is
    /// cancelled.
    public func watch() async throws {
        var list = watchList
        var baseline = FileSnapshot(of: list)
        while true {
            let settled: FileSnapshot
            do {
                settled = try await watcher.nextChange(after: baseline, in: list)
            } catch is CancellationError {
                return
            }
            let changed = settled.changedPaths(since: baseline)
            baseline = settled
            await rebuild(changedFiles: changed)
            if watchList != list {
                // The config names other inputs or another output now: watch those from here on.
                list = watchList
                baseline = FileSnapshot(of: list)
            }
        }
    }

    /// Builds the site now (off the server's tasks) and tells open pages: `reload` after a good build, `error`
    /// with the message after a failed one. `changedFiles` is nil for the first build.
    public func rebuild(changedFiles: [String]?) async {
        let previous = latestBuild
        let build = Task {
            await previous?.value
            await self.build(changedFiles: changedFiles)
        }
        latestBuild = build
        await build.value
    }

    private func build(changedFiles: [String]?) async {
        if let changedFiles { report(.rebuilding(changedFiles: changedFiles)) }
        let configuration = try? builder.loadConfiguration()
        if let configuration { watchList = WatchList(options: options.build, configuration: configuration) }
        switch await Self.buildOnItsOwnThread(builder) {
        case .success(let summary):
            if let configuration { site.outputFolder = options.build.outputFolder(for: configuration) }
            site.generation += 1
            site.buildError = nil
            report(.built(summary))
            await broadcaster.send(ServerSentEvent(name: "reload", data: String(site.generation)))
        case .failure(let error):
            let message = TranscriptsError.sentence(for: error)
            site.buildError = message
            report(.failed(message))
            await broadcaster.send(ServerSentEvent(name: "error", data: message))
        }
    }

    /// Stops listening, ends every event stream and waits for the server to finish.
    public func stop() async {
        keepAliveTask?.cancel()
        await broadcaster.finishAll()
        serverTask?.cancel()
        _ = await serverTask?.result
        serverTask = nil
    }

    /// How many pages listen for reloads now.
    public var listeningPages: Int {
        get async { await broadcaster.listenerCount }
    }

    /// Runs the build on a queue (and so a thread) of its own, so that the server's tasks keep answering while
    /// it works.
    private static func buildOnItsOwnThread(_ builder: SiteBuilder) async -> Result<BuildSummary, any Error> {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "transcripts serve: build", qos: .userInitiated).async {
                continuation.resume(returning: Result { try builder.build() })
            }
        }
    }
}

/// Where the server listens, once it does, or the error it stopped with before (an address already in use).
private actor ListeningAddress {
    private var outcome: Result<SocketAddress?, any Error>?
    private var waiting: [CheckedContinuation<SocketAddress?, any Error>] = []

    /// The first outcome counts; a failure after the server listened (when it stops) is no news.
    func record(_ result: Result<SocketAddress?, any Error>) {
        guard outcome == nil else { return }
        outcome = result
        for continuation in waiting { continuation.resume(with: result) }
        waiting = []
    }

    /// Waits for the outcome.
    func address() async throws -> SocketAddress? {
        if let outcome { return try outcome.get() }
        return try await withCheckedThrowingContinuation { waiting.append($0) }
    }
}
