import Foundation

/// The scratch folder of one fuzzing process, and the export layouts written into it.
///
/// libFuzzer calls a target's entry point once per input, one input after another in one process, so one folder
/// (made on first use, a `let`: the only process-wide state the targets keep) serves every input; each input
/// empties it first.
public enum FuzzScratch {
    /// `$TMPDIR/transcripts-fuzz-<pid>`, made on first use.
    public static let folder: URL = {
        let base = URL(fileURLWithPath: ProcessInfo.processInfo.environment["TMPDIR"] ?? NSTemporaryDirectory())
        let folder = base.appendingPathComponent("transcripts-fuzz-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Empties the scratch folder and writes `files` (paths relative to it, folders made as needed); returns the
    /// folder's `export` subfolder, which holds them.
    public static func write(_ files: [String: Data]) -> URL {
        let root = folder.appendingPathComponent("export", isDirectory: true)
        try? FileManager.default.removeItem(at: root)
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! contents.write(to: url)
        }
        return root
    }

    /// Whether `FUZZ_VERBOSE` is set: then targets print the errors they swallow (to check that seeds get past
    /// the fixed files of a layout).
    public static let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

    /// Prints `error` when verbose.
    public static func note(_ error: any Error) {
        if verbose { FileHandle.standardError.write(Data("fuzz: \(error)\n".utf8)) }
    }
}

extension Data {
    /// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(fuzzInput data: UnsafePointer<UInt8>, _ size: Int) {
        self.init(bytes: data, count: size)
    }
}
