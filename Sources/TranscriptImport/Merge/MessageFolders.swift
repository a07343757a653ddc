import Foundation

/// The folders the media paths of a merged conversation's messages are relative to: each message keeps the
/// folder of the export its media came from (an export made without media leaves an earlier export's files).
public struct MessageFolders: Sendable, Equatable {
    /// The exports' folders.
    public var folders: [URL]
    /// For each message, in the conversation's order, its folder's position in `folders`.
    public var ofMessage: [UInt32]

    public init(folders: [URL], ofMessage: [UInt32]) {
        self.folders = folders
        self.ofMessage = ofMessage
    }

    /// The folder of the message at `index`.
    public func folder(ofMessage index: Int) -> URL { folders[Int(ofMessage[index])] }
}
