import GraphCodable

/// (d) Typed decoding in secure mode of a model with classes, sharing, a cycle through
/// `deferDecode`, dictionaries, optionals and SIMD, and of a plain `Codable` model through
/// the bridge, from archive bytes whose checksum is made right after each mutation.
/// Whatever decodes must encode again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSecureDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = withChecksumMadeRight(Array(UnsafeBufferPointer(start: data, count: size)))
    let decoder = GraphDecoder(registry: FuzzModel.registry)
    decoder.limits = ArchiveInspection.limits
    if let team = try? decoder.decode(FuzzModel.Team.self, from: bytes) {
        _ = try? GraphEncoder().encode(team) as Bytes
    }
    _ = try? decoder.decode([FuzzModel.Person?].self, from: bytes)
    let codable = GraphDecoder(registry: FuzzCodableModel.registry)
    codable.limits = ArchiveInspection.limits
    if let home = try? codable.decode(FuzzCodableModel.Home.self, from: bytes) {
        _ = try? GraphEncoder().encode(home) as Bytes
    }
    return 0
}

func fuzzSeeds() -> [[UInt8]] {
    [0, 1, 2, 5, 12].flatMap { size in
        let team = FuzzModel.team(size: size, seed: UInt64(size))
        return [
            (try? GraphEncoder().encode(team) as Bytes) ?? [],
            (try? GraphEncoder().encode(team.members as [FuzzModel.Person?]) as Bytes) ?? [],
            (try? GraphEncoder().encode(FuzzCodableModel.home(size: size)) as Bytes) ?? [],
        ]
    }
}
