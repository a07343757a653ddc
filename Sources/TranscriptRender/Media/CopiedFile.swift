/// A file of the export copied into the site (a message's media, a thumbnail, an avatar).
package struct CopiedFile: Sendable, Equatable {
    /// The path in the site, such as `media/0123456789abcdef-5120.jpg`.
    package var sitePath: String
    package var size: Int
    /// For images: the size read from the file's own header.
    package var width: Int?
    package var height: Int?

    package init(sitePath: String, size: Int, width: Int? = nil, height: Int? = nil) {
        self.sitePath = sitePath
        self.size = size
        self.width = width
        self.height = height
    }
}
