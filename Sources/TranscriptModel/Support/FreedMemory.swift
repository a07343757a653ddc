#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process freed back to the system.
///
/// glibc's allocator keeps freed memory in the arena of the thread that freed it, for that thread to use
/// again; after a big conversation was rendered on all cores, much of it is free but still counted as the
/// process's. A build calls this between conversations and stages, so that its peak is what it holds, not
/// what it once held. Elsewhere (another C library) it does nothing.
package enum FreedMemory {
    package static func giveBack() {
        #if canImport(Glibc)
        // `malloc_trim` is glibc's own (malloc.h, which Swift's Glibc module leaves out): looked up by name.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
