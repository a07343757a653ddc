// The settings jemalloc reads when it starts (release builds on Linux allocate with jemalloc; see Package.swift).
// Debian's libjemalloc2 defines `malloc_conf` as a weak symbol; the executable's definition takes its place. Under
// glibc's malloc (debug builds, tests) nothing reads it.
//
// narenas:2: two arenas, one per core of the machines builds run on, where jemalloc's default is four per
// CPU. A build's threads free, on one core, much of what the other allocated; with fewer arenas less memory is
// held in arenas that no longer allocate, so the peak is lower in the same wall time (docs/architecture.md).
const char *malloc_conf = "narenas:2";
