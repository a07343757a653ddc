import FlyingSocks

/// A listener's events as the bytes of a `text/event-stream` response body, for FlyingFox's chunked
/// `HTTPBodySequence(from:)`: each event is sent as soon as it comes.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    let listener: ReloadBroadcaster.Listener

    func makeAsyncIterator() -> Iterator {
        Iterator(listener: listener, events: listener.events.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        /// Kept so that the listener lives exactly as long as the response is being sent.
        let listener: ReloadBroadcaster.Listener
        var events: AsyncStream<ServerSentEvent>.AsyncIterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async throws -> UInt8? {
            guard await fill() else { return nil }
            return pending.popFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard await fill() else { return nil }
            let taken = pending.prefix(Swift.max(1, count))
            pending = pending.dropFirst(taken.count)
            return taken
        }

        /// Waits for the next event when nothing is pending; false when the events have ended.
        private mutating func fill() async -> Bool {
            if pending.isEmpty {
                guard let event = await events.next() else { return false }
                pending = ArraySlice(event.encoded.utf8)
            }
            return true
        }
    }
}
