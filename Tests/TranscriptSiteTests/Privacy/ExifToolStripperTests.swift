import Foundation
import Testing

@testable import TranscriptSite

/// HEIC pictures and QuickTime and MP4 files stripped by exiftool: the phone's fixtures lose their position,
/// device and dates, keep their orientation, and their pictures and sound are not encoded again.
@Suite struct ExifToolStripperTests {
    static func stripper(_ name: String = #function, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ExifToolStripper {
        ExifToolStripper(folder: try TestSupport.temporaryFolder(name).appendingPathComponent("copies"), environment: environment)
    }

    @Test(arguments: MediaFixtures.names)
    func theFixturesHoldAPositionADeviceAndDates(name: String) throws {
        let personal = try MediaFixtures.personalTags(of: MediaFixtures.url(name))
        #expect(personal.contains { $0.contains("GPS") || $0.contains("Location") }, "\(personal)")
        if name != "voice.m4a" { #expect(personal.contains { $0.contains("Model") }, "\(personal)") }
    }

    @Test(arguments: MediaFixtures.names)
    func aStrippedCopyTellsNoPositionDeviceOrDate(name: String) throws {
        let stripper = try Self.stripper("strip" + name)
        let kind = try #require(ExifToolStripper.kinds[MediaFixtures.url(name).pathExtension])
        let copy = try #require(try stripper.strip([(MediaFixtures.url(name), kind)]).first?.get())
        #expect(copy.path.hasPrefix(stripper.folder.path))
        #expect(try MediaFixtures.personalTags(of: copy) == [])
        let stripped = try Data(contentsOf: copy)
        let text = String(decoding: stripped, as: UTF8.self)
        for secret in MediaFixtures.secrets { #expect(!text.contains(secret), "\(secret) in \(name)") }
        let original = try MediaFixtures.data(name)
        // Smaller by the metadata, not by encoding again (the HEIC fixture is mostly metadata).
        #expect(stripped.count < original.count && stripped.count > original.count / 10)
        #expect(MediaFixtures.box("ftyp", of: stripped) == MediaFixtures.box("ftyp", of: original))
        // The export's file is as it was.
        #expect(try MediaFixtures.data(name) == original)
    }

    @Test(arguments: ["video.mp4", "video.mov", "voice.m4a"])
    func aMoviesMediaDataIsTheSameBytesAndItsRotationStays(name: String) throws {
        let copy = try #require(try Self.stripper("movie" + name).strip([(MediaFixtures.url(name), .movie)]).first?.get())
        let stripped = try Data(contentsOf: copy)
        let mediaData = try #require(MediaFixtures.box("mdat", of: stripped))
        #expect(mediaData == MediaFixtures.box("mdat", of: try MediaFixtures.data(name)))
        let tags = try MediaFixtures.tags(of: copy)
        #expect(tags["[QuickTime] CreateDate"] == "0000:00:00 00:00:00")
        #expect(tags["[QuickTime] Duration"] != nil)
        if name != "voice.m4a" {
            #expect(tags["[Composite] Rotation"] == "90")
            #expect(tags["[Track1] ImageWidth"] == "16")
        }
    }

    @Test func aPictureKeepsItsCodedPictureAndOrientation() throws {
        let copy = try #require(try Self.stripper().strip([(MediaFixtures.url("photo.heic"), .picture)]).first?.get())
        let stripped = try Data(contentsOf: copy)
        let original = try MediaFixtures.data("photo.heic")
        let mediaData = try #require(MediaFixtures.box("mdat", of: stripped))
        #expect(mediaData.range(of: try MediaFixtures.codedPicture()) != nil)
        let tags = try MediaFixtures.tags(of: copy)
        #expect(tags["[IFD0] Orientation"] == "6")
        #expect(tags["[QuickTime] ImageSpatialExtent"] == "64 64")
        // The item properties (the decoder's configuration, the size, the rotation) are the original's.
        let properties = try #require(MediaFixtures.itemProperties(of: original))
        #expect(MediaFixtures.itemProperties(of: stripped) == properties)
    }

    @Test func aBatchStripsEachFileAndSaysWhichItCouldNot() throws {
        let folder = try TestSupport.temporaryFolder()
        let notAMovie = folder.appendingPathComponent("-not a movie.mov")
        try Data("not really a movie".utf8).write(to: notAMovie)
        // A name that starts with a dash or holds a line break is a file's name, never an option.
        let dashed = folder.appendingPathComponent("-all=.mp4")
        try FileManager.default.copyItem(at: MediaFixtures.url("video.mp4"), to: dashed)
        let broken = folder.appendingPathComponent("line\nbreak.heic")
        try FileManager.default.copyItem(at: MediaFixtures.url("photo.heic"), to: broken)
        let results = try Self.stripper().strip([(notAMovie, .movie), (dashed, .movie), (broken, .picture)])
        #expect(results.count == 3)
        guard case .failure(.broken(let reason)) = results[0] else { Issue.record("\(results[0])"); return }
        #expect(reason.hasPrefix("exiftool: "), "\(reason)")
        #expect(try MediaFixtures.personalTags(of: try results[1].get()) == [])
        #expect(try MediaFixtures.personalTags(of: try results[2].get()) == [])
        #expect(try Data(contentsOf: dashed) == MediaFixtures.data("video.mp4"))
    }

    @Test func withoutExifToolEveryFileSaysHowToInstallIt() throws {
        let stripper = try Self.stripper(environment: ["PATH": "/nonexistent"])
        let results = stripper.strip([(MediaFixtures.url("video.mov"), .movie), (MediaFixtures.url("photo.heic"), .picture)])
        for result in results {
            guard case .failure(.toolMissing(let reason)) = result else { Issue.record("\(result)"); continue }
            #expect(reason.contains("apt-get install libimage-exiftool-perl") && reason.contains("brew install exiftool"))
            #expect(reason.contains("TRANSCRIPTS_EXIFTOOL") && reason.contains("privacy.stripMetadata: false"))
        }
        let named = try Self.stripper("named", environment: ["TRANSCRIPTS_EXIFTOOL": "/nonexistent/exiftool"])
        guard case .failure(.toolMissing(let reason))? = named.strip([(MediaFixtures.url("video.mov"), .movie)]).first else {
            Issue.record("expected exiftool to be missing")
            return
        }
        #expect(reason.hasPrefix("TRANSCRIPTS_EXIFTOOL names /nonexistent/exiftool, which is not a program this machine can run"))
    }
}
