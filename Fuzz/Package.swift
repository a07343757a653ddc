// swift-tools-version:5.4
// 5.4, not 6: from 5.5 on, SwiftPM renames an executable's `main` (`--defsym main=<Target>_main`, for testing
// executables), which breaks linking libFuzzer's own `main` into these targets. Swift 6 mode comes from the flags.
import Foundation
import PackageDescription

/// The main package is the folder above; SwiftPM names a path dependency by its folder, whatever a clone is called.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// libFuzzer targets for the library: one executable per importer, the canonical reader, the config loader,
/// the template compiler and a whole build of a conversation. Not part of the main package, so a normal build
/// never compiles them; built by `scripts/fuzz.sh` with the address sanitizer and libFuzzer's coverage (docs/fuzzing.md).
let importers = [
    "Telegram", "TelegramHTML", "Slack", "Discord", "Messenger", "Mattermost", "Signal", "IRC", "Matrix", "WhatsApp",
    "GoogleChat", "IMessage",
]
let others = ["Canonical", "CanonicalLines", "Detect", "Config", "Templates", "Render", "Merge"]

/// A fuzz target: one file defining `LLVMFuzzerTestOneInput`, linked with libFuzzer's `main`. The library code is
/// instrumented by the flags `scripts/fuzz.sh` passes to every target (`-sanitize=address` and the frontend's
/// `-sanitize=fuzzer`), so only the fuzz targets link libFuzzer and the package's build tools keep their own `main`.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: "Fuzz" + name,
        dependencies: ["FuzzSupport", .product(name: "TranscriptBuild", package: mainPackage)],
        path: "Sources/Fuzz" + name,
        swiftSettings: [.unsafeFlags(["-parse-as-library", "-swift-version", "6"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])])
}

let package = Package(
    name: "TranscriptsFuzz",
    platforms: [.macOS(.v11)],
    dependencies: [.package(path: "..")],
    targets: [
        // Debian's libsqlite3-dev, for writing the iMessage target's database (the library's own wrapper is internal).
        .systemLibrary(name: "CSQLiteFuzz", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // What the targets share: a scratch folder per process, export layouts, running an importer.
        .target(
            name: "FuzzSupport", dependencies: ["CSQLiteFuzz", .product(name: "TranscriptBuild", package: mainPackage)],
            swiftSettings: [.unsafeFlags(["-swift-version", "6"])]),
    ] + (importers + others).map(fuzzTarget)
)
