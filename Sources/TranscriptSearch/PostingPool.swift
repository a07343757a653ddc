/// Lists of postings that grow, kept together in a few large arrays of bytes: a list is a chain of slices of 8, 16,
/// … up to 1,024 bytes, the first four of each saying where the next one is, and its postings are written as the
/// differences between one and the next in 7-bit groups (a list is ascending, so most take a byte or two). A list
/// costs about two bytes a posting and a little room to grow, where an array of its own cost four bytes a posting,
/// its allocation, its header and up to as much room again (a conversation's terms are mostly words seen once or
/// twice, and its postings mostly those of a few common words).
struct PostingPool {
    /// A list: where its first and its last slice are, how many bytes its last slice holds, its postings' count
    /// and its last posting.
    struct List {
        fileprivate var head: UInt32
        fileprivate var tail: UInt32
        fileprivate var tailUsed: UInt16 = 0
        fileprivate var level: UInt8 = 0
        fileprivate var last: UInt32 = 0
        /// How many postings the list has.
        fileprivate(set) var count: Int = 0

        fileprivate init(head: UInt32) {
            self.head = head
            tail = head
        }
    }

    /// Bytes per page: a slice never straddles two pages, and a page is one array.
    private static let pageBits = 18
    private static let pageSize = 1 << pageBits
    private static let offsetMask = UInt32(pageSize - 1)
    /// The largest slice: a long list wastes at most this much room.
    private static let largestLevel: UInt8 = 7
    /// The bytes that say where the next slice is.
    private static let linkSize = 4

    /// The pages; the last one grows as slices are added to it. Address 0 is taken, so that 0 says "no next slice".
    private var pages: [[UInt8]] = [[0]]

    /// The bytes of a slice at `level`, its link included.
    private static func size(of level: UInt8) -> Int { 8 << Int(level) }

    /// A new slice at `level`: its address.
    private mutating func newSlice(_ level: UInt8) -> UInt32 {
        let size = Self.size(of: level)
        if pages[pages.count - 1].count + size > Self.pageSize { pages.append([]) }
        let page = pages.count - 1
        let address = UInt32(page << Self.pageBits | pages[page].count)
        pages[page].append(contentsOf: repeatElement(0, count: size))
        return address
    }

    /// A new empty list.
    mutating func newList() -> List { List(head: newSlice(0)) }

    /// Appends `postings`, each not less than the list's last one, to `list`.
    mutating func append(_ postings: ArraySlice<UInt32>, to list: inout List) {
        for posting in postings {
            // The difference from the last posting, as `PostingList` writes it.
            PostingList.forEachByte(of: posting &- list.last) { put($0, in: &list) }
            list.last = posting
            list.count += 1
        }
    }

    /// Writes one byte at the end of `list`, starting a new slice when its last one is full.
    private mutating func put(_ byte: UInt8, in list: inout List) {
        if Int(list.tailUsed) == Self.size(of: list.level) - Self.linkSize {
            let level = min(list.level + 1, Self.largestLevel)
            let slice = newSlice(level)
            let page = Int(list.tail >> UInt32(Self.pageBits)), start = Int(list.tail & Self.offsetMask)
            for index in 0..<Self.linkSize { pages[page][start + index] = UInt8(truncatingIfNeeded: slice >> UInt32(8 * index)) }
            list.tail = slice
            list.level = level
            list.tailUsed = 0
        }
        let page = Int(list.tail >> UInt32(Self.pageBits))
        pages[page][Int(list.tail & Self.offsetMask) + Self.linkSize + Int(list.tailUsed)] = byte
        list.tailUsed += 1
    }

    /// How many bytes the pages hold (the lists' bytes, their links and their room to grow): at most what
    /// `copyBytes` of every list makes.
    var byteCount: Int { pages.reduce(0) { $0 + $1.count } }

    /// Appends the bytes of `list` (`PostingList`'s, which are the pool's own) to `output`.
    func copyBytes(_ list: List, to output: inout [UInt8]) {
        var slice = list.head
        var level: UInt8 = 0
        var left = list.count
        pages.withUnsafeBufferPointer { pages in
            while left > 0 {
                let page = pages[Int(slice >> UInt32(Self.pageBits))]
                let start = Int(slice & Self.offsetMask) + Self.linkSize
                let room = Self.size(of: level) - Self.linkSize
                // The slice's bytes up to the list's end, or all of them.
                var end = start
                while end < start + room, left > 0 {
                    if page[end] < 0x80 { left -= 1 }
                    end += 1
                }
                output.append(contentsOf: page[start..<end])
                guard left > 0 else { break }
                slice = (0..<Self.linkSize).reduce(UInt32(0)) { $0 | UInt32(page[start - Self.linkSize + $1]) << UInt32(8 * $1) }
                level = min(level + 1, Self.largestLevel)
            }
        }
    }
}
