import Foundation

/// The name a file's copy gets in the site (and an unpacked archive in the cache): a digest of its bytes
/// and its size, so equal files get equal names.
package enum ContentName {
    /// 16 hex digits of FNV-1a over the bytes, and the size: equal files get equal names.
    package static func of(_ data: Data) -> String {
        // Over the bytes in place: iterating `Data` itself is about three times as slow, and a site's media
        // can be gigabytes.
        let hash = data.withUnsafeBytes { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(data.count)
    }
}
