import Foundation

/// Files the JSON tests write, in a folder of the system's temporary folder removed when the tests end.
enum JSONTestFiles {
    static let temporaryRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-json-tests-\(getpid())")
        if ProcessInfo.processInfo.environment["TRANSCRIPTS_KEEP_TEST_FILES"] == nil {
            atexit { try? FileManager.default.removeItem(at: JSONTestFiles.temporaryRoot) }
        }
        return root
    }()

    /// A new empty folder under `temporaryRoot`.
    static func temporaryFolder(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = temporaryRoot.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The same numbers on every run (SplitMix64), for random documents a failure can be rerun with; the same
/// generator as the other test target's.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
