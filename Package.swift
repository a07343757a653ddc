// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "transcripts",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "transcripts", targets: ["transcripts"]),
        .library(name: "TranscriptKit", targets: ["TranscriptKit"]),
        // Everything a build needs, without the preview server and SwiftNIO: for tools that only build sites
        // (the fuzz targets, which would otherwise compile NIO a third time under the address sanitizer).
        .library(
            name: "TranscriptBuild",
            targets: [
                "TranscriptSupport", "TranscriptJSON", "TranscriptModel", "TranscriptImport", "TranscriptText",
                "TranscriptDisplay", "TranscriptSearch", "TranscriptTemplates", "TranscriptRender", "TranscriptSite",
            ]),
    ],
    // Each dependency at the version the tests run with: `exact:` for 0.x packages (a minor release may break),
    // the next patch releases for the rest. scripts/check-pins.py fails when Package.resolved says otherwise.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", .upToNextMinor(from: "2.1.1")),
        .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Without its default traits: no swift-configuration support (serve reads no config through it, and the
        // package is not built), and FoundationEssentials in its form coding rather than all of Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", .upToNextMinor(from: "2.28.1"), traits: []),
        // Hummingbird's own dependencies that serve names directly: NIO's channels and HTTP decoder errors, the HTTP
        // parts between NIO and Hummingbird, HTTP field names and the logger (kept silent).
        .package(url: "https://github.com/apple/swift-nio", .upToNextMinor(from: "2.101.3")),
        .package(url: "https://github.com/apple/swift-nio-extras", .upToNextMinor(from: "1.35.2")),
        .package(url: "https://github.com/apple/swift-http-types", .upToNextMinor(from: "1.8.0")),
        .package(url: "https://github.com/apple/swift-log", .upToNextMinor(from: "1.16.2")),
        .package(url: "https://github.com/apple/swift-crypto", .upToNextMinor(from: "4.5.2")),
        // `swift package generate-documentation`: the DocC catalog in Sources/TranscriptKit/TranscriptKit.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", .upToNextMinor(from: "1.5.0")),
    ],
    targets: [
        // Debian's libcmark-dev, linked as a system library.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // Debian's libsqlite3-dev, linked as a system library (the iMessage importer reads chat.db with it).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Debian's libxml2-dev, linked as a system library (the Telegram HTML importer parses pages with it).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Google's libphonenumber (Debian's libphonenumber-dev, C++) behind a C function: phone numbers as E.164,
        // so that one person's numbers, however written, match (`people:` in the config).
        .target(name: "CPhoneNumbers", linkerSettings: [.linkedLibrary("phonenumber")]),
        // Debian's libarchive-dev, linked as a system library (zip archives and compressed tars of exports are read
        // with it, `ArchiveReader`).
        .systemLibrary(
            name: "CLibArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        // Debian's zlib1g-dev, linked as a system library: the gzip trailers of a compressed tar, which libarchive
        // does not check, are checked with it, and the search index's files are inflated with it (`Zlib`).
        .systemLibrary(
            name: "CLibZ",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Debian's libdeflate-dev, linked as a system library: the search index's document files are deflated with it
        // (`LibDeflate`), in a third less time than zlib and a little smaller.
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // libvips (Debian's libvips42, which libvips-dev installs), loaded when a book's pictures are first shrunk,
        // turned and converted (`PictureResizer`), not linked: its hundred libraries would be mapped by every run.
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // jemalloc's settings (`malloc_conf`), linked into the command-line tool.
        .target(name: "CAllocatorSettings"),
        // A JSON block's quotes, backslashes and brackets as bit masks, by SSE2 on x86-64 and NEON on arm64
        // (`JSONScanner` finds where big values end with them; scripts/check-byte-masks.sh holds the ways equal).
        .target(name: "CByteMasks"),
        // Turns the files in Templates/ into Swift string literals at build time.
        .executableTarget(name: "EmbedTool"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["EmbedTool"]),
        // Writes each page model's template keys from its properties (docs/template-reference.md, "Values"), and
        // the config keys of a type marked `// generate: Decodable` (its `CodingKeys`, memberwise init and decoding).
        .executableTarget(name: "TemplateKeysTool"),
        .plugin(name: "TemplateKeys", capability: .buildTool(), dependencies: ["TemplateKeysTool"]),
        // The build's targets, bottom up; an arrow (a dependency) only ever points down:
        //   TranscriptSupport ← TranscriptJSON ← TranscriptModel
        //   TranscriptModel ← TranscriptImport, TranscriptText, TranscriptDisplay, TranscriptSearch, TranscriptTemplates
        //   TranscriptRender (Model, Text, Display, Search, Templates) ← TranscriptSite (+ Import) ← TranscriptServe
        // docs/architecture.md draws them. Every target but the umbrella is free of the ones above it.
        // What every target leans on and none of it is about messages: `TranscriptsError`, digests, work on all
        // cores, memory given back, binary coding, zlib and libdeflate (one file imports each). SHA-256 for the build cache's
        // fingerprints comes from swift-crypto.
        .target(name: "TranscriptSupport", dependencies: ["CLibZ", "CLibDeflate", .product(name: "Crypto", package: "swift-crypto")]),
        // JSON read fast: the scanner, the tape, the parser and the syntax check, over mapped files.
        .target(name: "TranscriptJSON", dependencies: ["TranscriptSupport", "CByteMasks"]),
        // Messages, conversations, the canonical JSON and the strings tables.
        .target(name: "TranscriptModel", dependencies: ["TranscriptSupport", "TranscriptJSON"]),
        // Detection, the importer registry and every importer, archives included; one file imports CSQLite, one
        // CLibXML2, one CLibArchive.
        .target(
            name: "TranscriptImport",
            dependencies: [
                "TranscriptSupport", "TranscriptJSON", "TranscriptModel", "CSQLite", "CLibXML2", "CLibArchive",
                .product(name: "Yams", package: "Yams"),
                // WhatsApp's crypt14/crypt15 backups are inflated with ZIPFoundation's inflater.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // An encrypted iPhone backup's keys: PBKDF2 (CryptoExtras), AES key unwrap (Crypto), AES-CBC (CryptoExtras).
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ]),
        // The one file that imports CCmark: message text to HTML and plain text.
        .target(name: "TranscriptText", dependencies: ["TranscriptSupport", "TranscriptModel", "CCmark"]),
        // The display delegate, the display settings and what they resolve to: values, never HTML.
        .target(name: "TranscriptDisplay", dependencies: ["TranscriptSupport", "TranscriptModel"]),
        // The search index: tokenizer, per-conversation parts, the index files and their in-place update.
        .target(
            name: "TranscriptSearch", dependencies: ["TranscriptSupport", "TranscriptJSON", "TranscriptModel"],
            // `SearchSettings`' config keys, from its stored properties.
            plugins: ["TemplateKeys"]),
        // The template engine: the template set (the built-in templates compiled in, a site's own on top), the
        // compiled renderer beside swift-mustache, the strings tables (Templates/strings/*.yml) and the long words'
        // breaks. It knows no page: page models are whatever answers its keys.
        .target(
            name: "TranscriptTemplates",
            dependencies: [
                "TranscriptSupport", "TranscriptModel", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            plugins: ["EmbedTemplates"]),
        // One conversation into pages: page models, rows, media sizes, feeds.
        .target(
            name: "TranscriptRender",
            dependencies: [
                "TranscriptSupport", "TranscriptJSON", "TranscriptModel", "TranscriptText", "TranscriptDisplay",
                "TranscriptSearch", "TranscriptTemplates", .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["TemplateKeys"]),
        // A site: its config, the build's stages over one context, the build cache and the output folder.
        .target(
            name: "TranscriptSite",
            dependencies: [
                "TranscriptSupport", "TranscriptJSON", "TranscriptModel", "TranscriptImport", "TranscriptText",
                "TranscriptDisplay", "TranscriptSearch", "TranscriptTemplates", "TranscriptRender", "CPhoneNumbers", "CVips",
                .product(name: "Yams", package: "Yams"),
                // AES-GCM, HKDF and SHA-256 (Crypto) and PBKDF2 (CryptoExtras) for passphrase-protected sites.
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
                // A book's EPUB container (`Book/EPUBContainer.swift`).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // The config's keys, from the stored properties of `SiteConfiguration` and its blocks' settings.
            plugins: ["TemplateKeys"]),
        // `transcripts serve`'s preview server, on Hummingbird (SwiftNIO); NIO's HTTP decoder limits request heads.
        .target(
            name: "TranscriptServe",
            dependencies: [
                "TranscriptSupport", "TranscriptModel", "TranscriptSearch", "TranscriptTemplates", "TranscriptRender",
                "TranscriptSite", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The umbrella: `import TranscriptKit` brings every target above.
        .target(
            name: "TranscriptKit",
            dependencies: [
                "TranscriptSupport", "TranscriptJSON", "TranscriptModel", "TranscriptImport", "TranscriptText",
                "TranscriptDisplay", "TranscriptSearch", "TranscriptTemplates", "TranscriptRender", "TranscriptSite",
                "TranscriptServe",
            ]),
        // The thin command-line front end.
        .executableTarget(
            name: "transcripts",
            dependencies: [
                "TranscriptSupport", "TranscriptJSON", "TranscriptModel", "TranscriptImport", "TranscriptSite",
                "TranscriptServe", "CAllocatorSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds allocate with jemalloc (Debian's libjemalloc-dev; libjemalloc2 at run time): a build
            // allocates and frees millions of small strings and arrays on every core, which glibc's malloc handles
            // less well (docs/architecture.md). It is linked as a shared library: linked in,
            // its functions would be hidden by --static-swift-stdlib's `--exclude-libs ALL`, and memory that libc
            // allocates would reach jemalloc's free. Debug builds, the tests and the fuzzers keep glibc's.
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux], configuration: .release))]
        ),
        // docs/display-delegate.md's complete example of a display delegate of one's own.
        .executableTarget(name: "custom-delegate-example", dependencies: ["TranscriptKit"], path: "Examples/CustomDelegate"),
        // `swift run -c release transcripts-bench`: synthetic corpus, full build, messages/s and peak memory.
        .executableTarget(name: "transcripts-bench", dependencies: ["TranscriptKit"]),
        // What needs the umbrella or the command-line tool: the documentation's articles compiled against
        // `import TranscriptKit`, and `transcripts` run as a process.
        .testTarget(name: "TranscriptKitTests", dependencies: ["TranscriptKit", "TranscriptTestSupport"]),
        // The JSON reader's tests, built with nothing above it.
        .testTarget(name: "TranscriptJSONTests", dependencies: ["TranscriptJSON", "TranscriptSupport", "CByteMasks", "TranscriptTestSupport"]),
        .testTarget(
            name: "TranscriptModelTests",
            dependencies: ["TranscriptModel", "TranscriptJSON", "TranscriptSupport", "TranscriptTestSupport"]),
        .testTarget(
            name: "TranscriptSearchTests",
            dependencies: ["TranscriptSearch", "TranscriptModel", "TranscriptJSON", "TranscriptTestSupport"]),
        // The text tests put the long words' breaks (TranscriptTemplates) into cmark's HTML, as a page does.
        .testTarget(name: "TranscriptTextTests", dependencies: ["TranscriptText", "TranscriptTemplates", "TranscriptTestSupport"]),
        // The template engine's tests; swift-mustache is what the compiled renderer is compared with.
        .testTarget(
            name: "TranscriptTemplatesTests",
            dependencies: ["TranscriptTemplates", "TranscriptTestSupport", .product(name: "Mustache", package: "swift-mustache")]),
        // The importers' tests that build no site; TranscriptText renders the Discord and WhatsApp markup they read. An
        // importer's tests that build one, or that share a fixture with a site's tests, are in TranscriptSiteTests.
        .testTarget(
            name: "TranscriptImportTests",
            dependencies: [
                "TranscriptImport", "TranscriptModel", "TranscriptJSON", "TranscriptSupport", "TranscriptText",
                "TranscriptTestSupport", "TranscriptImportTestSupport",
            ]),
        // The display delegate's tests, without a site's config.
        .testTarget(name: "TranscriptDisplayTests", dependencies: ["TranscriptDisplay", "TranscriptModel", "TranscriptTestSupport"]),
        // Page models, rows and books from a conversation, without a site.
        .testTarget(
            name: "TranscriptRenderTests",
            dependencies: [
                "TranscriptRender", "TranscriptModel", "TranscriptDisplay", "TranscriptTemplates", "TranscriptSupport", "TranscriptTestSupport",
            ]),
        // The preview server's tests: sites served over real sockets, the watcher, the limits on requests.
        .testTarget(
            name: "TranscriptServeTests",
            dependencies: [
                "TranscriptServe", "TranscriptSite", "TranscriptImport", "TranscriptRender", "TranscriptModel", "TranscriptSupport",
                "TranscriptTestSupport",
            ]),
        // A site's tests: its config, builds and the build cache, books, people, privacy, protection and shards, with
        // the importers' and renderer's tests that build a site (Importers/, Render/, Search/).
        .testTarget(
            name: "TranscriptSiteTests",
            dependencies: [
                "TranscriptSite", "TranscriptImport", "TranscriptRender", "TranscriptModel", "TranscriptSearch", "TranscriptSupport",
                "TranscriptJSON", "TranscriptDisplay", "TranscriptTemplates", "TranscriptText", "TranscriptTestSupport",
                "TranscriptImportTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ]),
        // The template keys' generator: sources in, generated Swift or an error at a file's line out.
        .testTarget(name: "TemplateKeysToolTests", dependencies: ["TemplateKeysTool"]),
        .testTarget(
            name: "TranscriptSupportTests",
            dependencies: ["TranscriptSupport", "TranscriptTestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        // What every test target shares: the package's folders, the real samples, temporary folders, sites written
        // from strings, a seeded random generator.
        .target(name: "TranscriptTestSupport", path: "Tests/TranscriptTestSupport"),
        // What the importers' and the site's tests share that needs the importers: an importer run over files a
        // test wrote.
        .target(
            name: "TranscriptImportTestSupport",
            dependencies: ["TranscriptImport", "TranscriptModel", "TranscriptJSON", "TranscriptTestSupport"],
            path: "Tests/TranscriptImportTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
