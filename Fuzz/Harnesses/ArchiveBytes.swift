/// (a) Archive bytes as they come: mostly refused by the header and its checksum, which is
/// what the service sees first from strangers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ArchiveInspection.inspect(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func fuzzSeeds() -> [[UInt8]] { SeedArchives.all }
