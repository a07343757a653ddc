import Crypto
import Foundation

/// What the build cache's fingerprints feed swift-crypto's SHA-256 with: bytes, strings (each closed by a
/// 0 byte, so that ("ab", "c") and ("a", "bc") differ) and integers, read out as hex.
///
/// ```swift
/// var hash = SHA256()
/// hash.update("abc")
/// hash.hexDigest   // 64 lowercase hex digits
/// ```
extension SHA256 {
    /// Adds bytes.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        update(bufferPointer: bytes)
    }

    /// Adds the bytes of `data` (any contiguous bytes: `Data`, `[UInt8]`).
    package mutating func update(_ data: some ContiguousBytes) {
        data.withUnsafeBytes { update(bufferPointer: $0) }
    }

    /// Adds a string's UTF-8 bytes, then a 0 byte.
    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(bufferPointer: UnsafeRawBufferPointer($0)) }
        withUnsafeBytes(of: UInt8(0)) { update(bufferPointer: $0) }
    }

    /// Adds an integer's 8 bytes.
    package mutating func update(_ number: Int64) {
        withUnsafeBytes(of: number.littleEndian) { update(bufferPointer: $0) }
    }

    /// The digest of everything added, as 64 lowercase hex digits (the hash itself can go on being fed).
    package var hexDigest: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
