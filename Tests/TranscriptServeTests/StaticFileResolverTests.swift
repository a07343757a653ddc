import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptServe

@Suite struct StaticFileResolverTests {
    @Test(arguments: [
        ("/", [], true),
        ("/index.html", ["index.html"], false),
        ("/c/small/", ["c", "small"], true),
        ("/c/small", ["c", "small"], false),
        ("/media/a%20b.png", ["media", "a b.png"], false),
        ("/media/%C3%A9t%C3%A9.jpg", ["media", "été.jpg"], false),
        ("/c/x/2024-05.html", ["c", "x", "2024-05.html"], false),
        ("/.well-known/x", [".well-known", "x"], false),
    ])
    func plainPathsAreTakenApart(raw: String, segments: [String], isFolder: Bool) {
        #expect(StaticFileResolver.parse(raw) == .init(segments: segments, isFolder: isFolder))
    }

    @Test(arguments: [
        "", "index.html", "../x", "/../x", "/c/../index.html", "/c/..", "/./index.html", "/c/.",
        "/%2e%2e/x", "/%2E%2E/x", "/.%2e/x", "/%2e/x", "/..%2fx", "/..%2Fx", "/c%2f..%2f..%2fx", "/a%2fb",
        "/..\\x", "/a\\b", "/..%5cx", "/a%5Cb", "//etc/passwd", "/c//x", "/%2Fetc/passwd",
        "/index.html%00", "/a%00b", "/a%0ab", "/a%7fb", "/%zz", "/a%2", "/%", "/%ff%fe",
        "http://127.0.0.1/index.html", "*",
    ])
    func pathsThatCouldLeaveTheSiteAreRefused(raw: String) {
        #expect(StaticFileResolver.parse(raw) == nil)
    }

    /// A site folder beside a secret, with symlinks inside it pointing in and out.
    static func makeFolders() throws -> (root: URL, secret: URL) {
        let base = try TestSupport.temporaryFolder()
        try TestSupport.write(
            ["public/index.html": "home", "public/c/x/index.html": "x", "public/c/empty/keep.txt": "k",
             "public/a.css": "css", "secret.txt": "SECRET", "other/b.txt": "b"], in: base)
        let root = base.appendingPathComponent("public")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("inside.css").path, withDestinationPath: "a.css")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("leak.txt").path, withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("absolute-leak.txt").path, withDestinationPath: base.appendingPathComponent("secret.txt").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("outside").path, withDestinationPath: "../other")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("up").path, withDestinationPath: "..")
        return (root, base.appendingPathComponent("secret.txt"))
    }

    @Test func filesFoldersAndRedirects() throws {
        let (root, _) = try Self.makeFolders()
        let resolver = StaticFileResolver(root: root)
        let real = URL(fileURLWithPath: root.resolvingSymlinksInPath().path)
        #expect(resolver.resolve(requestPath: "/") == .file(real.appendingPathComponent("index.html")))
        #expect(resolver.resolve(requestPath: "/index.html") == .file(real.appendingPathComponent("index.html")))
        #expect(resolver.resolve(requestPath: "/c/x/") == .file(real.appendingPathComponent("c/x/index.html")))
        #expect(resolver.resolve(requestPath: "/c/x") == .redirect("/c/x/"))
        #expect(resolver.resolve(requestPath: "/c/empty/") == .notFound)
        #expect(resolver.resolve(requestPath: "/index.html/") == .notFound)
        #expect(resolver.resolve(requestPath: "/missing.html") == .notFound)
        // A symlink that stays inside the site is followed.
        #expect(resolver.resolve(requestPath: "/inside.css") == .file(real.appendingPathComponent("a.css")))
    }

    @Test func symlinksOutOfTheSiteAreNotFollowed() throws {
        let (root, secret) = try Self.makeFolders()
        #expect(FileManager.default.fileExists(atPath: secret.path))
        let resolver = StaticFileResolver(root: root)
        for path in ["/leak.txt", "/absolute-leak.txt", "/outside/b.txt", "/outside/", "/up/secret.txt", "/up/"] {
            #expect(resolver.resolve(requestPath: path) == .notFound, "\(path)")
        }
    }

    @Test func aMissingSiteFolderHasNothing() {
        let resolver = StaticFileResolver(root: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        #expect(resolver.resolve(requestPath: "/") == .notFound)
    }
}
