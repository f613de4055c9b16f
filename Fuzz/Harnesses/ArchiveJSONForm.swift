import GraphCodable

/// (c) JSON forms, as edited by hand or by any language, back to archives: what the form
/// accepts must give an archive whose structure reads back (its values may break their
/// rules: then validation says so, and the model refuses it), and whose own JSON form
/// gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveJSONForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Array(UnsafeBufferPointer(start: data, count: size))
    guard let bytes = try? GraphArchive.bytes(fromJSON: json, limits: ArchiveInspection.limits) else { return 0 }
    guard let archive = try? GraphArchive(bytes: bytes, limits: ArchiveInspection.limits) else {
        let decoder = GraphDecoder(registry: GTypeRegistry())
        decoder.limits = ArchiveInspection.limits
        precondition(!decoder.validate(bytes).isValid, "an archive written from a JSON form, valid, does not read back")
        ArchiveInspection.inspect(bytes)
        return 0
    }
    if let again = try? archive.jsonData(indented: false, limits: ArchiveInspection.limits) {
        precondition(
            (try? GraphArchive.bytes(fromJSON: again, limits: ArchiveInspection.limits)) == bytes,
            "an archive written from a JSON form has a JSON form that gives other bytes")
    }
    ArchiveInspection.inspect(bytes)
    return 0
}

func fuzzSeeds() -> [[UInt8]] {
    SeedArchives.all.compactMap { bytes in (try? GraphArchive(bytes: bytes).jsonData(indented: false)).map { Array($0) } }
}
