/// Notices edits to the watched files by comparing snapshots taken every `interval` (portable: no file
/// system events), and waits for a save to settle so that one save gives one rebuild.
public struct ChangeWatcher: Sendable {
    /// How often the files are looked at.
    public var interval: Duration
    /// How long a change has to stay as it is to count (a save in several writes is one change).
    public var settling: Duration
    /// The longest a change may keep going before it counts anyway (a file that is written without a pause).
    public var longestSettling: Duration

    public init(
        interval: Duration = .milliseconds(100), settling: Duration = .milliseconds(100), longestSettling: Duration = .seconds(2)
    ) {
        self.interval = interval
        self.settling = settling
        self.longestSettling = longestSettling
    }

    /// Waits until the files in `list` differ from `baseline` and then stay the same for `settling`, and
    /// returns that settled snapshot. Throws `CancellationError` when the task is cancelled.
    public func nextChange(after baseline: FileSnapshot, in list: WatchList) async throws -> FileSnapshot {
        while true {
            var latest = baseline
            while latest == baseline {
                try await Task.sleep(for: interval)
                latest = FileSnapshot(of: list)
            }
            let clock = ContinuousClock()
            let deadline = clock.now + longestSettling
            while clock.now < deadline {
                try await Task.sleep(for: settling)
                let next = FileSnapshot(of: list)
                if next == latest { break }
                latest = next
            }
            // A file that came and went again (an editor's temporary file) changed nothing.
            if latest != baseline { return latest }
        }
    }
}
