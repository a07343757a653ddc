import Foundation

/// Sends events to every page that listens on the event stream: `reload` after a good build, `error` after a
/// failed one. Each page has its own queue of events, so a slow page never holds up the others.
public actor ReloadBroadcaster {
    private var listeners: [UUID: AsyncStream<ServerSentEvent>.Continuation] = [:]

    public init() {}

    /// How many pages are listening now.
    public var listenerCount: Int { listeners.count }

    /// A new listener, whose events start with `initial` and then are every event sent; they end when the
    /// listener is released (the page went away) or `finishAll()` is called.
    public func listen(startingWith initial: [ServerSentEvent]) -> Listener {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self, bufferingPolicy: .bufferingNewest(32))
        for event in initial { continuation.yield(event) }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        listeners[id] = continuation
        return Listener(events: stream, continuation: continuation)
    }

    /// Sends `event` to every listener.
    public func send(_ event: ServerSentEvent) {
        for (id, continuation) in listeners {
            if case .terminated = continuation.yield(event) { listeners[id] = nil }
        }
    }

    /// Ends every listener's stream (when the server stops).
    public func finishAll() {
        for continuation in listeners.values { continuation.finish() }
        listeners = [:]
    }

    private func remove(_ id: UUID) {
        listeners[id] = nil
    }
}

extension ReloadBroadcaster {
    /// One page's subscription. Releasing it ends its events and removes it from the broadcaster.
    public final class Listener: Sendable {
        /// The events for this page, in order.
        public let events: AsyncStream<ServerSentEvent>
        private let continuation: AsyncStream<ServerSentEvent>.Continuation

        init(events: AsyncStream<ServerSentEvent>, continuation: AsyncStream<ServerSentEvent>.Continuation) {
            self.events = events
            self.continuation = continuation
        }

        deinit { continuation.finish() }
    }
}
