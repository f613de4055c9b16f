/// (b) Archive bytes with their checksum made right after each mutation, so that the
/// fuzzer reaches the tables and the body behind the integrity check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveChecksummed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ArchiveInspection.inspect(withChecksumMadeRight(Array(UnsafeBufferPointer(start: data, count: size))))
    return 0
}

func fuzzSeeds() -> [[UInt8]] { SeedArchives.all }
