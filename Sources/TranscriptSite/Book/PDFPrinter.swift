import Foundation
import TranscriptModel
import TranscriptSupport

/// Prints a page to a PDF with headless Chromium (the browser the browser tests use): `--print-to-pdf`, with
/// the page's own print rules (paper, margins, running headers, page numbers) and no header or footer of
/// Chromium's. Chromium is told to make no request of its own (no updates, sync or metrics), and the page's
/// content security policy lets it load nothing but its own pictures.
enum PDFPrinter {
    /// The variable that names the browser to print with, when it is not `chromium` on the `PATH`.
    static let browserVariable = "TRANSCRIPTS_CHROMIUM"

    /// The browser to print with: `$TRANSCRIPTS_CHROMIUM`, else the first of Chromium's and Chrome's names on the `PATH`.
    static func browser(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let named = environment[browserVariable], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw TranscriptsError(message: "\(browserVariable) names \(named), which is not a program this machine can run")
            }
            return named
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        throw TranscriptsError(
            message: "a PDF book is printed by Chromium, which is not installed: install it (Debian and Ubuntu: "
                + "apt-get install chromium; macOS: brew install --cask chromium) or set \(browserVariable) to the "
                + "path of Chromium or Chrome; an EPUB book (FILE.epub) needs no browser")
    }

    /// Prints `page` (an HTML file) to `output`, and dates the PDF `date` (its newest message), not the day it
    /// was printed.
    static func print(page: URL, to output: URL, date: Timestamp?, workspace: URL) throws {
        let browser = try browser()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        var arguments = [
            "--headless", "--disable-gpu", "--no-pdf-header-footer", "--print-to-pdf=" + output.path,
            // The PDF's outline (its readers' table of contents): the months, the days, the person index.
            "--generate-pdf-document-outline",
            "--user-data-dir=" + workspace.appendingPathComponent("chromium-profile").path,
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-default-apps", "--disable-extensions", "--disable-sync", "--disable-domain-reliability",
            "--metrics-recording-only", "--no-pings", "--disable-features=Translate,OptimizationHints,MediaRouter",
            "--allow-file-access-from-files",
        ]
        // Chromium refuses to run as root with its sandbox.
        if getuid() == 0 { arguments.append("--no-sandbox") }
        process.arguments = arguments + [page.absoluteString]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TranscriptsError(message: "cannot start \(browser) to print the book (\(TranscriptsError.sentence(for: error)))")
        }
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, var pdf = FileManager.default.contents(atPath: output.path), !pdf.isEmpty else {
            let lines = String(decoding: said, as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: " / ")
            throw TranscriptsError(message: "\(browser) could not print the book (exit status \(process.terminationStatus)): \(lines)")
        }
        redate(&pdf, to: date)
        try pdf.write(to: output, options: .atomic)
    }

    /// Writes `date` (UTC) over the digits of the PDF's `/CreationDate` and `/ModDate`: the same number of
    /// bytes, so nothing else of the file moves.
    static func redate(_ pdf: inout Data, to date: Timestamp?) {
        let time = CivilTime(secondsSince1970: Int((date?.secondsSince1970 ?? 0).rounded(.down)))
        let digits = Array(String(format: "%04d%02d%02d%02d%02d%02d", time.year, time.month, time.day, time.hour, time.minute, time.second).utf8)
        for key in ["/CreationDate (D:", "/ModDate (D:"] {
            let marker = Data(key.utf8)
            var searchFrom = pdf.startIndex
            while let found = pdf.range(of: marker, in: searchFrom..<pdf.endIndex) {
                let start = found.upperBound
                let end = start + digits.count
                if end <= pdf.endIndex, pdf[start..<end].allSatisfy({ (0x30...0x39).contains($0) }) {
                    pdf.replaceSubrange(start..<end, with: digits)
                }
                searchFrom = found.upperBound
            }
        }
    }
}
