@testable import GraphCodable

/// Everything the library does with archive bytes without Swift types, as the service does
/// it for strangers: the structural model and its bytes, the dump, the JSON form and back,
/// validation (in one pass, and keeping every node: the same report), the type map,
/// conversion to the other internal layout and back, the comparison with itself and with
/// its conversions (the same values). Each step may throw; none may crash, hang or exhaust
/// memory. What comes back must agree with what went in (the checks trap, which the fuzzer
/// reports as a crash).
enum ArchiveInspection {
    static let limits: ArchiveLimits = {
        var limits = ArchiveLimits()
        limits.maximumArchiveSize = 1 << 20
        return limits
    }()

    static func inspect(_ bytes: [UInt8]) {
        let decoder = GraphDecoder(registry: GTypeRegistry())
        decoder.limits = limits
        let report = decoder.validate(bytes)
        precondition(
            report == GraphValidationReport(validating: bytes, limits: limits, inOnePass: false),
            "validation in one pass answered otherwise than the validation that keeps the nodes")
        _ = try? decoder.typeMap(from: bytes)
        _ = try? decoder.dump(from: bytes, options: .fullInfo) { _ in }
        guard let archive = try? GraphArchive(bytes: bytes, limits: limits) else { return }
        if let diff = try? GraphArchive.differences(from: bytes, to: bytes, limits: limits) {
            precondition(diff.isIdentical, "an archive differs from itself: \(diff)")
        }
        _ = try? archive.dump(options: .fullInfo)
        if let written = try? archive.bytes(limits: limits), report.isValid {
            precondition(written == bytes, "a valid archive was not written back byte for byte")
        }
        if let json = try? archive.jsonData(indented: true), let again = try? GraphArchive(json: json) {
            precondition(again == archive, "the JSON form did not come back as the same archive")
        }
        for version in BinaryIOInternalVersion.supported {
            if let converted = try? archive.converted(
                internalBinaryIOVersion: version, userBinaryIOVersion: nil, registry: GTypeRegistry()),
                let convertedBytes = try? converted.bytes(limits: limits),
                let diff = try? GraphArchive.differences(from: bytes, to: convertedBytes, limits: limits)
            {
                precondition(
                    diff.differences.allSatisfy { $0.path == "header.internalBinaryIOVersion" },
                    "a conversion holds other values: \(diff)")
            }
        }
    }
}
