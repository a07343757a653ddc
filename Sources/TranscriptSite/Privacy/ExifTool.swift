import Foundation
import TranscriptModel
import TranscriptSupport

/// exiftool (Phil Harvey's Image::ExifTool; Debian's `libimage-exiftool-perl`, Homebrew's `exiftool`), the
/// program that removes the metadata of HEIC pictures and QuickTime and MP4 files (`ExifToolStripper`).
///
/// It is run as a program, with its arguments in a file of its own (`-@`), never through a shell.
enum ExifTool {
    /// The variable that names the exiftool to run, when it is not `exiftool` on the `PATH`.
    static let variable = "TRANSCRIPTS_EXIFTOOL"

    /// How to get exiftool, for the errors of builds that need it.
    static let howToInstall =
        "install it (Debian and Ubuntu: apt-get install libimage-exiftool-perl; macOS: brew install exiftool) "
        + "or set \(variable) to its path, or publish such files with their metadata (privacy.stripMetadata: false)"

    /// The program to run: `$TRANSCRIPTS_EXIFTOOL`, else `exiftool` on the `PATH`. The error says why neither
    /// can run and how to install it.
    static func program(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let named = environment[variable], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw TranscriptsError(
                    message: "\(variable) names \(named), which is not a program this machine can run: " + howToInstall)
            }
            return named
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/exiftool") {
            return "\(folder)/exiftool"
        }
        throw TranscriptsError(message: "exiftool is not installed: " + howToInstall)
    }

    /// Runs `program` over the argument file `arguments` (one argument a line, `-execute` between commands);
    /// what it said, on its standard output and error together.
    static func run(_ program: String, argumentFile: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-@", argumentFile.path]
        let said = Pipe()
        process.standardOutput = said
        process.standardError = said
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TranscriptsError(message: "cannot start \(program) (\(TranscriptsError.sentence(for: error))): " + howToInstall)
        }
        let output = said.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
