import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Puts one folder in another's place in a single step of the file system, so that neither a reader nor a
/// build killed at that moment ever finds the output missing or half replaced: Linux's `renameat2` with
/// `RENAME_EXCHANGE`, macOS's `renamex_np` with `RENAME_SWAP`.
enum FolderExchange {
    /// Exchanges what the two paths name; false, with nothing changed, when the system or the file system
    /// cannot (an old kernel, some network file systems).
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if canImport(Glibc)
        guard let renameat2 = renameAt2 else { return false }
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
        #elseif canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    private typealias RenameAt2 = @convention(c) (
        Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32
    ) -> Int32

    /// `RENAME_EXCHANGE` of linux/fs.h.
    private static let renameExchange: UInt32 = 1 << 1

    /// glibc's `renameat2` (glibc 2.28 and later), looked up when first needed: Swift's Glibc module does not
    /// declare it.
    private static let renameAt2: RenameAt2? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif
}
