#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process freed back to the system.
///
/// glibc's allocator keeps freed memory in the arena of the thread that freed it, for that thread to use
/// again; after a big conversation was rendered on all cores, much of it is free but still counted as the
/// process's. A build calls this between conversations and stages, so that its peak is what it holds, not
/// what it once held, once it holds enough for that to matter (`giveBackFrom`). Elsewhere (another C library)
/// it does nothing.
package enum FreedMemory {
    /// Has glibc keep one arena per core (unless `MALLOC_ARENA_MAX` says otherwise), where its default is up to
    /// eight per core: each thread that allocates while another holds an arena's lock gets an arena of its own,
    /// whose freed memory only it reuses. With fewer arenas a big build's peak is lower and steadier, at the same
    /// speed.
    /// It applies to arenas made from then on, in the whole process.
    package static func shareArenas() {
        #if canImport(Glibc)
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        // `mallopt` and `M_ARENA_MAX` (-8) are glibc's own (malloc.h): looked up by name, as `malloc_trim` is.
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        _ = unsafeBitCast(symbol, to: Option.self)(-8, Int32(max(2, min(cores, 64))))
        #endif
    }

    /// Below this resident size, `giveBack` leaves the memory where it is: handing it back costs a system call per
    /// free stretch, and the pages taken again cost a fault each, which a small build would pay for little memory.
    package static let giveBackFrom = 192 << 20

    package static func giveBack() {
        #if canImport(Glibc)
        guard let resident = residentBytes(), resident >= giveBackFrom else { return }
        // `malloc_trim` is glibc's own (malloc.h, which Swift's Glibc module leaves out): looked up by name.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// The process's resident size (`/proc/self/statm`'s second field, in pages); nil where it cannot be read.
    package static func residentBytes() -> Int? {
        #if canImport(Glibc)
        let file = open("/proc/self/statm", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
        #else
        return nil
        #endif
    }
}
