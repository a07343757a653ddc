// The settings jemalloc reads when it starts (release builds on Linux allocate with jemalloc; see Package.swift).
// Debian's libjemalloc2 defines `malloc_conf` as a weak symbol; the executable's definition takes its place. Under
// glibc's malloc (debug builds, tests) nothing reads it.
//
// narenas:2: two arenas, one per core of the machines builds run on, where jemalloc's default is four per
// CPU. A build's threads free, on one core, much of what the other allocated; with fewer arenas less memory is
// held in arenas that no longer allocate, so the peak is lower in the same wall time (docs/architecture.md).
//
// dirty_decay_ms:1000: freed pages go back to the system about a second after they are freed, where jemalloc's
// default keeps them ten. A big conversation is read into chunks that are let go once moved into one list, and
// rendering frees what each batch of pages needed: kept ten seconds, those pages counted in the peak beside what
// came next. Giving them back costs a few system calls and page faults (a few tenths of a second at 1M messages).
const char *malloc_conf = "narenas:2,dirty_decay_ms:1000";
