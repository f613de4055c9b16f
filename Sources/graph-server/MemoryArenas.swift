import Foundation

#if canImport(Glibc)
import CMalloc
#endif

/// glibc's allocator keeps the memory a thread frees in that thread's arena, and makes up
/// to eight arenas per core: under load, every worker thread keeps its own share. One arena
/// per core (at least two) keeps the server's resident memory near what it uses (64
/// connections validating 64 KiB uploads: 37 → 30 MiB). A limit set in the environment
/// (`MALLOC_ARENA_MAX`, `GLIBC_TUNABLES`) is left as it is.
enum MemoryArenas {
    static func limitToProcessorCount() {
        #if canImport(Glibc)
        let environment = ProcessInfo.processInfo.environment
        guard environment["MALLOC_ARENA_MAX"] == nil, environment["GLIBC_TUNABLES"] == nil else { return }
        _ = mallopt(M_ARENA_MAX, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
        #endif
    }
}
