import Foundation
import SeededRandom
import Testing

@testable import GraphCodable

/// Validation reports every planted defect, with its byte offset and node path.
@Suite struct ValidationTests {
    @Test func aValidArchiveReportsWhatItHolds() throws {
        let data = try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes
        let report = GraphDecoder().validate(data)
        #expect(report.isValid)
        #expect(report.byteCount == data.count)
        #expect(report.nodeCounts["REF"] == 5)
        #expect(report.nodeCounts["PTS"] != nil)
        #expect(report.objectCount == 5)
        #expect(report.maximumDepth >= 3)
        #expect(report.description.hasPrefix("valid archive: \(data.count) bytes"))
    }

    /// A branch of nested arrays whose depth is known: each level adds an array and its
    /// wrapping struct.
    struct Branch: GCodable {
        var leaves: [Int]
        var branches: [Branch]
        init(depth: Int, using generator: inout SplitMix64) {
            leaves = Array(0 ..< Int.random(in: 0 ... 3, using: &generator))
            branches =
                depth == 0
                ? [] : (0 ..< Int.random(in: 1 ... 3, using: &generator)).map { _ in Branch(depth: depth - 1, using: &generator) }
        }
        private enum Key: String { case leaves, branches }
        init(from decoder: GDecoder) throws {
            leaves = try decoder.decode(for: Key.leaves)
            branches = try decoder.decode(for: Key.branches)
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(leaves, for: Key.leaves)
            try encoder.encode(branches, for: Key.branches)
        }
    }

    /// The depth and node counts a report gives are those of a walk through the nodes.
    @Test func theDepthAndCountsAreThoseOfTheNodes() throws {
        var generator = SplitMix64(seed: 0xDE_97)
        for depth in 0 ..< 7 {
            let bytes = try GraphEncoder().encode(Branch(depth: depth, using: &generator)) as Bytes
            let report = GraphDecoder().validate(bytes)
            var walked = (depth: 0, counts: [String: Int]())
            try ParsedArchive(bytes: bytes).walk { node, nodeDepth in
                walked.counts[node.kind.code, default: 0] += 1
                if node.kind.hasFields { walked.depth = max(walked.depth, nodeDepth + 1) }
            } end: { _ in
            }
            #expect(report.isValid)
            #expect(report.maximumDepth == walked.depth && walked.depth == 2 * depth + 2)
            #expect(report.nodeCounts == walked.counts)
        }
    }

    /// Validation in one pass (no node kept) answers exactly as validation that keeps every
    /// node, or leaves the archive to it: on every file of the conformance corpus, valid and
    /// invalid, on archives of random shapes, and on each of them with bytes changed past the
    /// header (without a checksum, so that the changes reach the body's checks).
    @Test func validationInOnePassAnswersAsTheFullValidationDoes() throws {
        var generator = SplitMix64(seed: 0x0E_9A55)
        var archives = ConformanceCorpus.files.map(\.bytes)
        archives += try (0 ..< 6).map { depth in try GraphEncoder(.omitChecksum).encode(Branch(depth: depth, using: &generator)) as Bytes }
        archives += ArchiveSamples.checksummedOrNot.map(\.bytes)
        archives.append(try GraphEncoder(.omitChecksum).encode(IdentityExamples.cyclicModel()) as Bytes)
        // Thousands of nodes of one kind: the tally empties its counts of recent nodes often.
        archives.append(try GraphEncoder(.omitChecksum).encode((0 ..< 1500).map { _ in Branch(depth: 0, using: &generator) }) as Bytes)
        var answered = (inOnePass: 0, byFullValidation: 0)
        for archive in archives {
            let unchecksummed =
                (try? GraphArchive(bytes: archive)).map { archive in
                    var archive = archive
                    archive.isChecksummed = false
                    return try? archive.bytes(checkingPayloads: false)
                } ?? nil
            var variants = [archive] + (unchecksummed.map { [$0] } ?? [])
            for _ in 0 ..< 40 {
                var changed = unchecksummed ?? archive
                guard changed.count > ArchiveHeader.size else { break }
                for _ in 0 ..< Int.random(in: 1 ... 2, using: &generator) {
                    changed[Int.random(in: ArchiveHeader.size ..< changed.count, using: &generator)] = UInt8.random(
                        in: 0 ... 255, using: &generator)
                }
                variants.append(changed)
            }
            for bytes in variants {
                let full = GraphValidationReport(validating: bytes, limits: ArchiveLimits(), inOnePass: false)
                guard let onePass = GraphValidationReport(validatingInOnePass: bytes, limits: ArchiveLimits()) else {
                    answered.byFullValidation += 1
                    continue
                }
                answered.inOnePass += 1
                #expect(full.isValid, "\(full)")
                #expect(onePass == full)
            }
        }
        // Both ways are taken often: the comparison above is not empty.
        #expect(answered.inOnePass > 500 && answered.byFullValidation > 2000, "\(answered)")
    }

    /// A set stored as one payload and a dictionary stored node by node, then many nodes:
    /// validation that keeps its nodes checks them after charging every node, the one pass
    /// before most of them.
    struct NumbersThenBranches: GCodable {
        var numbers: Set<UInt16>
        var names: [String: Int]
        var branches: [Branch]
        init(using generator: inout SplitMix64) {
            numbers = Set((0 ..< 5_000).map { _ in UInt16.random(in: 0 ... .max, using: &generator) })
            // Keys that are not ASCII, compared as strings rather than by their bytes.
            names = Dictionary(uniqueKeysWithValues: (0 ..< 8_000).map { ("é\($0)", $0) })
            branches = (0 ..< 3_000).map { _ in Branch(depth: 0, using: &generator) }
        }
        private enum Key: String { case numbers, names, branches }
        init(from decoder: GDecoder) throws {
            numbers = try decoder.decode(for: Key.numbers)
            names = try decoder.decode(for: Key.names)
            branches = try decoder.decode(for: Key.branches)
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(numbers, for: Key.numbers)
            try encoder.encode(names, for: Key.names)
            try encoder.encode(branches, for: Key.branches)
        }
    }

    /// Under every memory budget, validation in one pass answers as the full validation does
    /// or leaves the archive to it: it never finds valid an archive whose checks the full
    /// validation cannot afford.
    @Test func validationInOnePassKeepsTheBudgetOfTheFullValidation() throws {
        var generator = SplitMix64(seed: 0xB0_D6E7)
        let bytes = try GraphEncoder().encode(NumbersThenBranches(using: &generator)) as Bytes
        var outcomes = (valid: 0, refused: 0, inOnePass: 0)
        for ratio in 1 ... 64 {
            var limits = ArchiveLimits()
            limits.maximumMemoryBytesPerArchiveByte = ratio
            let full = GraphValidationReport(validating: bytes, limits: limits, inOnePass: false)
            if let onePass = GraphValidationReport(validatingInOnePass: bytes, limits: limits) {
                #expect(onePass == full, "ratio \(ratio)")
                outcomes.inOnePass += 1
            }
            if full.isValid { outcomes.valid += 1 } else { outcomes.refused += 1 }
        }
        // The budgets span both answers, and the one pass gives some.
        #expect(outcomes.valid > 0 && outcomes.refused > 0 && outcomes.inOnePass > 0, "\(outcomes)")
    }

    /// Validation in one pass keeps the elements of a set and the keys of a dictionary stored
    /// node by node while it is open, and compares them as it ends: it answers for such an
    /// archive when they are unique, at any depth, and leaves it to the full validation
    /// (which names the problem) when two are equal.
    @Test func validationInOnePassComparesCollectionsStoredNodeByNode() throws {
        typealias Nested = [String: [String: Int]]
        func archive(of value: Nested, replacing pattern: String? = nil, with replacement: String = "") throws -> [UInt8] {
            guard let pattern else { return try GraphEncoder(.omitChecksum).encode(value) as Bytes }
            return try EditedArchive.archive(of: value, replacing: Array(pattern.utf8), with: Array(replacement.utf8))
        }
        var generator = SplitMix64(seed: 0xD1_C7)
        let random = Dictionary(
            uniqueKeysWithValues: (0 ..< 200).map { outer in
                ("k\(outer)", Dictionary(uniqueKeysWithValues: (0 ..< Int.random(in: 0 ... 5, using: &generator)).map { ("é\($0)", $0) }))
            })
        let valid = try [
            archive(of: [:]),
            archive(of: ["a": ["x": 1, "y": 2], "b": [:]]),
            archive(of: random),
            // Keys that differ only where an ASCII comparison cannot decide: compared as strings.
            archive(of: ["\u{212B}": ["K": 1, "\u{212A}x": 2]]),
        ]
        for bytes in valid {
            let onePass = try #require(GraphValidationReport(validatingInOnePass: bytes, limits: ArchiveLimits()))
            #expect(onePass.isValid && onePass == GraphValidationReport(validating: bytes, limits: ArchiveLimits(), inOnePass: false))
        }
        let duplicates = try [
            archive(of: ["a": ["x": 1, "y": 2]], replacing: "\u{1}y", with: "\u{1}x"), // inner keys
            archive(of: ["a": ["x": 1], "b": ["y": 2]], replacing: "\u{1}b", with: "\u{1}a"), // outer keys, after an inner map
            archive(of: ["a": ["\u{212B}": 1, "xyz": 2]], replacing: "xyz", with: "A\u{30A}"), // canonically equivalent
            archive(of: ["a": ["\u{212A}": 1, "x": 2]], replacing: "\u{1}x", with: "\u{1}K"), // the Kelvin sign
        ]
        for bytes in duplicates {
            #expect(GraphValidationReport(validatingInOnePass: bytes, limits: ArchiveLimits()) == nil)
            #expect(GraphDecoder().validate(bytes).problems.map(\.message) == ["duplicate Dictionary key"])
        }
    }

    /// The uniqueness check gives back all the memory it charged, also when it finds two keys
    /// equal (it kept the charge of the second of them).
    @Test func theUniquenessCheckGivesBackWhatItCharged() throws {
        // Keys that are not ASCII, compared as strings rather than by their bytes.
        let bytes = try EditedArchive.archive(of: ["é1": 1, "é2": 2, "é3": 3], replacing: Array("é3".utf8), with: Array("é1".utf8))
        let archive = try ParsedArchive(bytes: bytes)
        let dictionary = try #require(archive.nodes.firstIndex { $0.kind == .val })
        let fields = ArraySlice(archive.comparedFields(of: dictionary, every: 2))
        let contents = ContentChecks(types: archive.types, internalVersion: archive.header.internalBinaryIOVersion)
        let budget = MemoryBudget(1000)
        var reader = BinaryReadBuffer(payloadsOf: bytes, header: archive.header, bounds: SectionBounds(endRule: .bodyEnd, budget: budget))
        var payloads: [Range<Int>] = []
        _ = bytes.withUnsafeBufferPointer { archiveBytes in
            #expect(throws: GCodableError.self) {
                try contents.checkUnique(fields, of: .uniqueKeys, at: 0, in: archiveBytes, reader: &reader, payloads: &payloads)
            }
        }
        #expect(throws: Never.self) { try budget.charge(1000) }
    }

    /// The uniqueness check charges every value inside a compared field it numbers (each
    /// element of a key that is an array), not one charge for the whole key, and still tells
    /// equal keys from different ones, NaNs included.
    @Test func theUniquenessCheckChargesEveryValueInsideAKey() throws {
        func check(_ value: [[Double]: String]) throws -> (charged: Int, problem: String?) {
            let bytes = try GraphEncoder().encode(value) as Bytes
            let archive = try ParsedArchive(bytes: bytes)
            let dictionary = try #require(archive.nodes.firstIndex { $0.kind == .val })
            let fields = ArraySlice(archive.comparedFields(of: dictionary, every: 2))
            let contents = ContentChecks(types: archive.types, internalVersion: archive.header.internalBinaryIOVersion)
            var reader = BinaryReadBuffer(
                payloadsOf: bytes, header: archive.header, bounds: SectionBounds(endRule: .bodyEnd, budget: MemoryBudget(1 << 30)))
            var payloads: [Range<Int>] = []
            return bytes.withUnsafeBufferPointer { archiveBytes in
                do {
                    return (
                        try contents.checkUnique(fields, of: .uniqueKeys, at: 0, in: archiveBytes, reader: &reader, payloads: &payloads),
                        nil
                    )
                } catch {
                    return (0, (error as? GCodableError)?.context.debugDescription)
                }
            }
        }
        let keys = (0 ..< 2).map { key in (0 ..< 500).map { Double(key * 1_000 + $0) } }
        let distinct = try check([keys[0]: "a", keys[1]: "b"])
        #expect(distinct.problem == nil)
        #expect(distinct.charged >= NativeContentCheck.identityCost * 1_002)
        // Keys that hold a NaN are arrays, which equal themselves: the two are different.
        #expect(try check([[.nan]: "a", [.nan, 1]: "b"]).problem == nil)
        let equal = try EditedArchive.archive(
            of: [[1.0, 2.0]: "a", [1.0, 3.0]: "b"], replacing: RawArchive.bits(3), with: RawArchive.bits(2))
        ReaderAgreement.expectRefused(equal, as: [[Double]: String].self, "duplicate Dictionary key")
        // Numbers the budget cannot hold: refused where the key is.
        let decoder = GraphDecoder()
        decoder.limits.maximumMemoryBytesPerArchiveByte = 1
        let long = (0 ..< 10_000).map(Double.init)
        let large = try GraphEncoder().encode([long: "a", long.reversed(): "b", [1]: "c"]) as Bytes
        let refused = decoder.validate(large).problems
        #expect(refused.count == 1 && refused.first?.message.contains("bytes of memory") == true && refused.first?.byteOffset != nil)
    }

    @Test func headerDefects() throws {
        let data = try GraphEncoder().encode([1, 2, 3]) as Bytes
        var badMagic = data
        badMagic[0] = UInt8(ascii: "G")
        #expect(GraphDecoder().validate(badMagic).problems.map(\.byteOffset) == [0])

        var badVersion = data
        badVersion[16] = 9
        let versionReport = GraphDecoder().validate(badVersion)
        #expect(versionReport.problems.first?.message == "unsupported archive format version 9")
        #expect(versionReport.problems.first?.byteOffset == 16)

        let truncated = GraphDecoder().validate(Array(data.dropLast(2)))
        #expect(truncated.problems.count == 1)
        #expect(truncated.problems[0].message.contains("truncated"))

        var flipped = data
        flipped[42] ^= 0x01
        let checksumReport = GraphDecoder().validate(flipped)
        #expect(checksumReport.problems.first?.message.contains("checksum mismatch") == true)
        #expect(checksumReport.problems.first?.byteOffset == 8)
    }

    @Test func everyPlantedBodyDefectIsReportedWhereItIs() throws {
        var archive = try ParsedArchive(bytes: try GraphEncoder().encode(IdentityExamples.cyclicModel()) as Bytes)
        let nodes = archive.nodes
        let definitions = NodeRewriting.definitions(of: archive)
        let keyed = try #require(nodes.indices.first { nodes[$0].keyID != 0 && nodes[$0].kind == .biv })
        let value = try #require(nodes.indices.first { nodes[$0].kind == .val })
        let duplicate = definitions[1].value
        let pointer = try #require(nodes.indices.last { nodes[$0].kind == .pts })
        let plan: [(Int, NodeRewriting.Field, UInt32, String)] = [
            (keyed, .key, 99, "key id 99 is not in the key table"),
            (value, .type, 500, "type reference 500 points nowhere"),
            (duplicate, .object, definitions[0].key, "is defined twice"),
            (pointer, .object, 999, "strong pointer to object id 999"),
        ]
        var bytes = archive.bytes
        for (index, field, newValue, _) in plan.sorted(by: { $0.0 > $1.0 }) {
            bytes = NodeRewriting.rewriting(archive, node: index, field, to: newValue)
            archive = try ParsedArchive(bytes: bytes, problems: ProblemLog())
        }
        let report = GraphDecoder().validate(bytes)
        for (index, _, _, message) in plan {
            let found = report.problems.first { $0.message.contains(message) }
            #expect(found?.byteOffset == archive.nodes[index].offset, "\(message)")
        }
        // Moving the second definition's id also leaves the strong pointers to its old id dangling.
        let orphaned = definitions[1].key
        let others = report.problems.filter { problem in !plan.contains { problem.message.contains($0.3) } }
        #expect(others.allSatisfy { $0.message.contains("strong pointer to object id \(orphaned),") }, "\(report)")
        #expect(others.count == nodes.filter { $0.kind == .pts && $0.objectID == orphaned }.count)
        let keyProblem = try #require(report.problems.first { $0.message.contains("key id 99") })
        #expect(!keyProblem.path.isEmpty)
        #expect(throws: GCodableError.self) { try GraphDecoder().decode(IdentityExamples.Model.self, from: bytes) }
    }

    @Test func impossibleLengthsAreReportedWhereTheyAre() throws {
        var bytes = try GraphEncoder().encode(["ab"]) as Bytes
        let archive = try ParsedArchive(bytes: bytes)
        let string = try #require(archive.nodes.first { $0.kind == .biv })
        bytes[string.payload.lowerBound] = 100
        ArchiveHeader.seal(&bytes, header: archive.header)
        let report = GraphDecoder().validate(bytes)
        #expect(report.problems.map(\.message) == ["count 100 exceeds the 3 bytes that remain"])
        #expect(report.problems.first?.byteOffset == string.payload.lowerBound)
    }

    @Test func invalidNativeContentsAreReported() throws {
        var bytes = try GraphEncoder().encode(["ab"]) as Bytes
        let archive = try ParsedArchive(bytes: bytes)
        let string = try #require(archive.nodes.first { $0.kind == .biv })
        bytes[string.payload.upperBound - 1] = 0xFF
        ArchiveHeader.seal(&bytes, header: archive.header)
        let report = GraphDecoder().validate(bytes)
        #expect(report.problems.map(\.message) == ["invalid UTF-8 in a string"])
        #expect(report.problems.first?.byteOffset == string.payload.lowerBound)
    }

    /// The parse counts the Foundation values wherever they are (here in arrays within an
    /// array), and validation reads each of them: none is skipped for being nested.
    @Test func foundationValuesAreCountedAndCheckedWhereverTheyAre() throws {
        let zones = [[TimeZone(secondsFromGMT: 7200)!], [TimeZone(secondsFromGMT: 0)!, TimeZone(secondsFromGMT: 3661)!]]
        let archive = try GraphEncoder().encode(zones) as Bytes
        let parsed = try ParsedArchive(bytes: archive)
        let walked = parsed.nodes.filter { $0.kind == .val && ParsedArchive.foundationValueReferences.contains($0.typeReference) }
        #expect(parsed.foundationValueCount == 3 && walked.count == 3)
        #expect(try ParsedArchive(bytes: GraphEncoder().encode([[7200, 0, 3661]]) as Bytes).foundationValueCount == 0)
        #expect(GraphDecoder().validate(archive).isValid)

        let outOfRange = try EditedArchive.replacingPayload(in: archive, 3661, with: 70000)
        let problems = GraphDecoder().validate(outOfRange).problems
        #expect(problems.count == 1)
        #expect(problems.first?.path.map { "\($0)" } == ["[1]", "[1]"], "\(problems)")
    }

    @Test func validationStaysLinearOnHostileArchives() throws {
        // 40,000 nested values, each with a key the key table lacks.
        var buffer = BinaryWriteBuffer()
        buffer.writeBytes(repeatElement(0, count: ArchiveHeader.size))
        buffer.writeByte(0x01)
        for _ in 0 ..< 40_000 {
            buffer.writeByte(0x11)
            buffer.writeVarUInt(7)
        }
        buffer.writeBytes(repeatElement(0, count: 40_001))
        let bodyLength = buffer.count - ArchiveHeader.size
        buffer.writeBytes([0, 0])
        var bytes = buffer.bytes
        ArchiveHeader.seal(
            &bytes,
            header: ArchiveHeader(
                flags: .checksummed, internalBinaryIOVersion: 1, userBinaryIOVersion: 0, bodyLength: UInt64(bodyLength), tablesLength: 2))
        let start = Date()
        let report = GraphDecoder().validate(bytes)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(report.problems.count == ProblemLog.maximumCount + 1)
        #expect(report.problems.last?.message.contains("validation stopped") == true)
    }

    @Test func excessiveDepthIsReported() throws {
        let decoder = GraphDecoder()
        decoder.limits.maximumDepth = 2
        let report = decoder.validate(try GraphEncoder().encode([[["deep"]]]) as Bytes)
        #expect(report.problems.map(\.message) == ["nesting deeper than 2 levels"])
        #expect(report.nodeCounts.isEmpty)
    }
}
