import FlyingFox
import Foundation
import TranscriptModel
import TranscriptSite

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
/// Requests reach FlyingFox through a front that refuses heads over 8 KB a line or 64 KB in all (`FrontDoor`).
/// Only files inside the output folder are served (see `StaticFileResolver`); pages get the live-reload script
/// on their way out, and the files on disk stay exactly as `transcripts build` writes them. A failed build
/// leaves the last good site in place: it is still served, with the error shown over every page.
public actor SiteServer {
    /// What is served, and where.
    public let options: ServeOptions
    private let builder: SiteBuilder
    private let report: @Sendable (ServeEvent) -> Void
    private let broadcaster = ReloadBroadcaster()
    private let watcher: ChangeWatcher
    private var site: ServedSite
    private var watchList: WatchList
    private var http: HTTPServer?
    /// The listening socket, which reads each request's head with limits before FlyingFox reads it.
    private var front: FrontDoor?
    /// The private folder of FlyingFox's own socket file.
    private var socketFolder: URL?
    private var serverTask: Task<Void, Never>?
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

    /// Builds the site once (a failed build is reported and shown, not thrown), starts listening and returns
    /// the server's URL. Throws when the address cannot be listened on.
    public func start() async throws -> URL {
        let address = try ServerAddress.make(host: options.host, port: options.port)
        await rebuild(changedFiles: nil)
        let handler = SiteRequestHandler(site: { [weak self] in
            await self?.site ?? ServedSite(outputFolder: URL(fileURLWithPath: "/nonexistent"), generation: 0)
        }, broadcaster: broadcaster)
        // FlyingFox listens on a socket file in a folder only this user can enter; the front listens on the
        // address and hands it each request whose head is within the limits (`FrontDoor`, `RequestHead`).
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-serve-" + String(UInt64.random(in: 0...UInt64.max), radix: 36))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        socketFolder = folder
        let backend = sockaddr_un.unix(path: folder.appendingPathComponent("http").path)
        let http = HTTPServer(address: backend, logger: .disabled, handler: handler)
        let failure = ServerFailure()
        serverTask = Task {
            do { try await http.run() } catch { await failure.record(error) }
        }
        self.http = http
        while await !http.isListening {
            if let error = await failure.error {
                throw TranscriptsError(message: "cannot start the HTTP server (\(TranscriptsError.sentence(for: error)))")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        do {
            front = try await FrontDoor(address: address, backend: backend)
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
        guard let listening = front?.listeningAddress, let url = ServerAddress.url(of: listening) else {
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
        await front?.close()
        front = nil
        await http?.stop(timeout: 0.2)
        await serverTask?.value
        http = nil
        if let socketFolder { try? FileManager.default.removeItem(at: socketFolder) }
        socketFolder = nil
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

/// The error the HTTP server stopped with, if it did (such as an address already in use).
private actor ServerFailure {
    private(set) var error: (any Error)?

    func record(_ error: any Error) {
        self.error = error
    }
}
