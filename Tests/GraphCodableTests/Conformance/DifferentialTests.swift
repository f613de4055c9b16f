import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// Validation, typed decoding and the model of an archive agree on seeded mutants of the
/// valid corpus: bytes flipped, cut, inserted and deleted, the header's lengths and checksum
/// sealed again most of the time so that the rules past them are reached.
///
/// - Validation's first problem and the model's refusal are the same rule at the same
///   offset, or both accept.
/// - Typed decoding (as the corpus file's type) that refuses naming a rule names
///   validation's first problem. It may refuse naming none (the types ask for a key that is
///   gone, a value of another type), and may decode an archive whose only problems are in
///   values its types do not read; never one whose structure breaks a rule.
///
/// A short sweep runs in `swift test`; `GRAPH_DIFFERENTIAL_MUTANTS=N` runs N mutants of
/// each file (`GRAPH_DIFFERENTIAL_SEED` picks another seed), printing the tally.
@Suite struct DifferentialTests {
    /// What a reader made of an archive.
    enum Outcome: Equatable, CustomStringConvertible {
        case accepted
        case refused(Refusal)

        var description: String {
            switch self {
            case .accepted: "accepted"
            case .refused(let refusal): "refused: \(refusal)"
            }
        }
    }

    /// The rules met in the body's structure (Docs/ArchiveFormat.md, "Reporting order",
    /// steps 1 to 3): a typed reader parses before it decodes, so it never passes them.
    static let structureRules: Set<FormatRule> = [
        .headerMagic, .headerTruncated, .headerFormatVersion, .headerFlags, .headerInternalVersion, .headerTrailingBytes,
        .headerChecksum, .varuintEnd, .varuintOverflow, .varuintOverlong, .countExceeds, .tablesEnd, .bodyEnd, .typesKind,
        .typesVersion, .typesValueMangledName, .typesComponent, .typesSIMD, .typesRangeBound, .typesParts, .typesDuplicate,
        .keysDuplicate, .tablesTrailingBytes, .nodeTag, .nodeKeyID, .nodeTypeReference, .nodeObjectID, .nodeShape, .nodeEnd,
        .bodyUnclosed, .bodyEmpty, .rootKeyed, .bodyAfterRoot, .identityDefinedTwice, .identityUndefined, .optionalByte,
        .collectionKeyedField, .dictionaryFields, .optionalFields,
    ]

    /// How the three readers' outcomes on the mutants fell out.
    struct Tally: CustomStringConvertible {
        var mutants = 0
        var valid = 0
        var invalid = 0
        /// Invalid mutants typed decoding refused naming validation's first problem.
        var decodingNamedIt = 0
        /// Mutants typed decoding refused naming no rule.
        var decodingRefusedForItsTypes = 0
        /// Invalid mutants typed decoding read, their problems in values it did not read.
        var decodingReadPastUnreadValues = 0
        var disagreements: [String] = []

        var description: String {
            "\(mutants) mutants: \(valid) valid, \(invalid) invalid; typed decoding named validation's first problem on "
                + "\(decodingNamedIt), refused for its types on \(decodingRefusedForItsTypes), read \(decodingReadPastUnreadValues) "
                + "past values it did not read; \(disagreements.count) disagreements"
        }
    }

    @Test func validationDecodingAndTheModelAgreeOnMutants() throws {
        let environment = ProcessInfo.processInfo.environment
        let perFile = environment["GRAPH_DIFFERENTIAL_MUTANTS"].flatMap(Int.init) ?? 25
        var generator = SplitMix64(seed: environment["GRAPH_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 49)
        var tally = Tally()
        for file in ConformanceCorpus.valid {
            for _ in 0 ..< perFile {
                let mutant = Self.mutant(of: file.bytes, &generator)
                Self.compare(mutant, of: file, into: &tally)
            }
        }
        if environment["GRAPH_DIFFERENTIAL_MUTANTS"] != nil { print("differential: \(tally)") }
        #expect(tally.disagreements.isEmpty, "\(tally)\n\(tally.disagreements.prefix(20).joined(separator: "\n"))")
        #expect(tally.invalid > tally.mutants / 2 && tally.valid > 0, "\(tally)")
    }

    static func compare(_ mutant: [UInt8], of file: CorpusFile, into tally: inout Tally) {
        tally.mutants += 1
        let validation =
            GraphDecoder().validate(mutant).problems.first.map {
                Outcome.refused(.init(rule: $0.rule, offset: $0.byteOffset))
            } ?? .accepted
        let model = outcome { _ = try GraphArchive(bytes: mutant) }
        let decoding = outcome { try file.decode(mutant) }
        let name = "\(file.name) \(mutant.map { String(format: "%02x", $0) }.joined())"
        if validation == .accepted { tally.valid += 1 } else { tally.invalid += 1 }
        if model != validation { tally.disagreements.append("\(name): validation \(validation), model \(model)") }
        switch (decoding, validation) {
        case (.refused(let refusal), _) where refusal.rule == nil:
            tally.decodingRefusedForItsTypes += 1
        case (.refused, _) where decoding == validation:
            tally.decodingNamedIt += 1
        case (.accepted, .accepted):
            break
        case (.accepted, .refused(let refusal)) where refusal.rule.map { !structureRules.contains($0) } ?? false:
            tally.decodingReadPastUnreadValues += 1
        default:
            tally.disagreements.append("\(name): validation \(validation), decoding \(decoding)")
        }
    }

    /// What `read` made of an archive: a value read as another than the file holds counts as
    /// read.
    static func outcome(_ read: () throws -> Void) -> Outcome {
        do {
            try read()
            return .accepted
        } catch is CorpusMismatch {
            return .accepted
        } catch let error as GCodableError {
            return .refused(.init(rule: error.context.rule, offset: error.context.byteOffset))
        } catch {
            return .refused(.init())
        }
    }

    /// `bytes` with one byte flipped, inserted or deleted, or cut at a position (most often
    /// past the header); the lengths and the checksum sealed again four times in five.
    static func mutant(of bytes: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        let header = ArchiveHeader.size
        let position =
            Int.random(in: 0 ..< 10, using: &generator) < 9
            ? Int.random(in: header ..< bytes.count, using: &generator) : Int.random(in: 0 ..< bytes.count, using: &generator)
        var bodyLength = Int(Self.word(bytes, at: 24)), tablesLength = Int(Self.word(bytes, at: 32))
        func resize(by change: Int) {
            if position < header + bodyLength { bodyLength += change } else { tablesLength += change }
        }
        switch Int.random(in: 0 ..< 4, using: &generator) {
        case 0: bytes[position] ^= UInt8.random(in: 1 ... 255, using: &generator)
        case 1: bytes.removeSubrange(position...)
        case 2:
            bytes.insert(UInt8.random(in: 0 ... 255, using: &generator), at: position)
            resize(by: 1)
        default:
            bytes.remove(at: position)
            resize(by: -1)
        }
        guard Int.random(in: 0 ..< 5, using: &generator) < 4, bytes.count >= header, position >= header else { return bytes }
        Self.setWord(&bytes, at: 24, to: UInt64(max(bodyLength, 0)))
        Self.setWord(&bytes, at: 32, to: UInt64(max(tablesLength, 0)))
        return bytes[18] & 1 == 1 ? RawArchive.resealed(bytes) : bytes
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0 ..< 8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    private static func setWord(_ bytes: inout [UInt8], at offset: Int, to value: UInt64) {
        for index in 0 ..< 8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }
}
