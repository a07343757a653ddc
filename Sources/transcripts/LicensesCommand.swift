import ArgumentParser
import Foundation

/// `transcripts licenses`: where the licence of transcripts and the notices of the libraries it contains are.
struct LicensesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "licenses",
        abstract: "Print where LICENSE and THIRD_PARTY_NOTICES are (the licences of transcripts and of the libraries it contains).",
        discussion: """
            transcripts is under the Apache License 2.0. THIRD_PARTY_NOTICES lists every library the binary and \
            the container image contain, with its licence text. An installed binary has both files in \
            ../share/doc/transcripts beside its folder (the container image: /usr/local/share/doc/transcripts); \
            a binary built from a clone finds them at the top of the clone.
            """
    )

    static let fileNames = ["LICENSE", "THIRD_PARTY_NOTICES"]

    func run() throws {
        let folders = Self.candidateFolders()
        guard let folder = folders.first(where: Self.holdsBoth) else {
            print("LICENSE and THIRD_PARTY_NOTICES are not beside this binary (looked in: \(folders.map(\.path).joined(separator: ", "))).")
            print("They are at the top of the transcripts source repository; transcripts is under the Apache License 2.0.")
            return
        }
        for name in Self.fileNames { print(folder.appendingPathComponent(name).path) }
    }

    /// `share/doc/transcripts` beside the binary's folder, then the binary's folder and the folders above it
    /// (a build in `.build/release` of a clone).
    static func candidateFolders() -> [URL] {
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let binFolder = executable.deletingLastPathComponent()
        var folders = [binFolder.deletingLastPathComponent().appendingPathComponent("share/doc/transcripts")]
        var folder = binFolder
        for _ in 0..<5 {
            folders.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return folders.map(\.standardizedFileURL)
    }

    static func holdsBoth(_ folder: URL) -> Bool {
        fileNames.allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }
}
