import Dispatch
import Foundation
import Synchronization
import TranscriptSite

/// The build's progress on one terminal line (stderr), overwritten as it goes: the stage, what it works on, the
/// messages read and rendered, the time and the time left. Shown only when stdout and stderr are terminals, not
/// with `--quiet`, and only for builds that take longer than a second; redrawn at most ten times a second.
final class ProgressLine: Sendable {
    let isEnabled: Bool
    /// Whether a line is on the terminal, and when it was drawn.
    private let state = Mutex<(shown: Bool, lastDrawn: UInt64)>((false, 0))

    /// Builds shorter than this show no progress.
    static let delay: Double = 1
    static let interval: UInt64 = 100_000_000

    init(quiet: Bool) {
        isEnabled = !quiet && isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1
    }

    /// The handler to give the build, or nil when nothing is shown.
    var handler: (@Sendable (BuildProgress) -> Void)? {
        isEnabled ? { @Sendable [self] progress in show(progress) } : nil
    }

    func show(_ progress: BuildProgress) {
        guard progress.seconds >= Self.delay else { return }
        state.withLock { state in
            let now = DispatchTime.now().uptimeNanoseconds
            guard !state.shown || now - state.lastDrawn >= Self.interval else { return }
            state = (true, now)
            var line = progress.line
            if let width = Self.terminalWidth(), line.count > width - 1 { line = String(line.prefix(max(width - 2, 10))) + "…" }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        }
    }

    /// Clears the line, when something was shown.
    func clear() {
        state.withLock { state in
            if state.shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            state.shown = false
        }
    }

    private static func terminalWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
