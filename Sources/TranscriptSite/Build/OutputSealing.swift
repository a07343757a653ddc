/// How the files of a site are stored when they must not be stored as made (a protected site's are sealed).
/// `OutputDirectory` asks it for every file; the rest of the build works with the files as made.
protocol OutputSealing {
    /// The path a file made at `path` is stored at (the same, or another, such as `path + ".js"`).
    func storedPath(_ path: String) -> String
    /// Whether the file made at `path` is stored as made.
    func storesAsMade(_ path: String) -> Bool
    /// The bytes stored for `bytes` made at `path`.
    func stored(_ bytes: [UInt8], madeAt path: String) throws -> [UInt8]
    /// The bytes made at `path`, read back from the bytes stored; nil when they cannot be.
    func made(fromStored bytes: [UInt8], at path: String) -> [UInt8]?
    /// A text that changes whenever the stored form of a file does (another key): digests of made files
    /// include it, so that a file is never taken over from a build that stored it otherwise.
    var fingerprint: String { get }
}
