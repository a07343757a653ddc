// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "transcripts",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "transcripts", targets: ["transcripts"]),
        .library(name: "TranscriptKit", targets: ["TranscriptKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // Debian's libcmark-dev, linked as a system library.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // Turns the files in Templates/ into Swift string literals at build time.
        .executableTarget(name: "EmbedTool"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["EmbedTool"]),
        // The library that does all the work.
        .target(
            name: "TranscriptKit",
            dependencies: [
                "CCmark",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // `transcripts serve`'s preview server (Sources/TranscriptKit/Serve).
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The thin command-line front end.
        .executableTarget(
            name: "transcripts",
            dependencies: [
                "TranscriptKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // docs/display.md's complete example of a display delegate of one's own.
        .executableTarget(name: "custom-delegate-example", dependencies: ["TranscriptKit"], path: "Examples/CustomDelegate"),
        // `swift run -c release transcripts-bench`: synthetic corpus, full build, messages/s and peak memory.
        .executableTarget(name: "transcripts-bench", dependencies: ["TranscriptKit"]),
        .testTarget(
            name: "TranscriptKitTests",
            dependencies: [
                "TranscriptKit",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // Read by path (the tokenizer cases are shared with the browser tests), not bundled.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
