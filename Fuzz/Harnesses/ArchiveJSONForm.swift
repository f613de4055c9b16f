import GraphCodable

/// (c) JSON forms, as edited by hand or by any language, back to archives: what the form
/// accepts must give an archive that reads back as the same model, and the same JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveJSONForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Array(UnsafeBufferPointer(start: data, count: size))
    guard let archive = try? GraphArchive(json: json), let bytes = try? archive.bytes(limits: ArchiveInspection.limits) else { return 0 }
    guard let again = try? GraphArchive(bytes: bytes, limits: ArchiveInspection.limits) else {
        preconditionFailure("an archive written from a JSON form does not read back")
    }
    precondition(again == archive, "an archive written from a JSON form reads back as another")
    ArchiveInspection.inspect(bytes)
    return 0
}

func fuzzSeeds() -> [[UInt8]] {
    SeedArchives.all.compactMap { bytes in (try? GraphArchive(bytes: bytes).jsonData(indented: false)).map { Array($0) } }
}
