import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// The source keys of a Slack export's conversations, so that an edit of one conversation's day files leaves the
/// others unparsed (`ExportImporter.importConversations(from:context:reusing:_:)`).
///
/// A conversation's key is a digest of everything its reading depends on: the workspace's lists (`users.json`,
/// `channels.json`, …: names and mentions in every conversation come from them) and the names of the files in
/// `__uploads`, then its own place (its number, id and folder), the warnings given with it, the names of the files
/// in its `attachments` folder (a message's file is linked when its copy is there) and each day file's name and
/// bytes. The day files are read to be digested, which costs a small part of parsing them.
enum SlackChannelKeys {
    /// A digest of what every conversation of the export at `root` depends on.
    static func workspace(_ root: URL) -> UInt64 {
        var digest = FastDigest()
        digest.add("slack workspace 1")
        for name in SlackImporter.markerFiles.sorted() {
            digest.add(name)
            addBytes(of: root.appendingPathComponent(name).path, to: &digest)
        }
        digest.add("__uploads")
        addNames(under: root.appendingPathComponent("__uploads"), to: &digest)
        return digest.value
    }

    /// The key of the conversation `number` of the export, read from `days` in `folder`.
    static func key(
        workspace: UInt64, number: Int, channel: SlackWorkspace.Channel, folder: URL, days: [String], warnings: [String]
    ) throws -> String {
        var key = FastDigest()
        key.add("slack conversation 1")
        key.add(workspace)
        key.add(UInt64(number))
        key.add(channel.id)
        key.add(channel.folder)
        for warning in warnings {
            key.add(UInt64(warning.utf8.count))
            key.add(warning)
        }
        key.add("attachments")
        addNames(under: folder.appendingPathComponent("attachments"), to: &key)
        let digests = try days.concurrentMap { day -> UInt64 in
            var digest = FastDigest()
            addBytes(of: folder.appendingPathComponent(day).path, to: &digest)
            return digest.value
        }
        for (day, digest) in zip(days, digests) {
            key.add(day)
            key.add(digest)
        }
        return String(key.value, radix: 16)
    }

    /// The file's bytes, or a mark that there is none (a file that cannot be read is an error when it is parsed).
    private static func addBytes(of path: String, to digest: inout FastDigest) {
        guard let file = MappedFile(path: path) else {
            digest.add("absent")
            return
        }
        digest.add(UInt64(file.bytes.count))
        digest.addInLanes(UnsafeRawBufferPointer(file.bytes))
    }

    /// The relative paths of the files under `folder`, sorted (nothing when there is no such folder).
    private static func addNames(under folder: URL, to digest: inout FastDigest) {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String { names.append(name) }
        for name in names.sorted() { digest.add(name) }
    }
}
