// Nothing to declare: the target only defines `malloc_conf` (allocator_settings.c), which jemalloc reads.
