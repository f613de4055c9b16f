import Foundation
import Testing

@testable import GraphCodable

/// The conformance corpus of `Tests/Conformance/`: the files on disk are the ones this
/// suite makes (run `Scripts/conformance.sh` to write them again), and the library reads
/// them as their manifest says: validation, typed decoding and a model of the archive
/// each refuse an invalid file with its rule and offset.
@Suite struct ConformanceTests {
    static let directory = Repository.url("Tests/Conformance")

    /// The manifest: each file, valid or the rule it breaks and the offset of the problem.
    static var manifest: String {
        let lines = ConformanceCorpus.files.map { file in
            switch file.expectation {
            case .valid: #"    {"file": "\#(file.path)", "valid": true}"#
            case .invalid(let rule, let offset):
                #"    {"file": "\#(file.path)", "valid": false, "rule": "\#(rule.rawValue)", "offset": \#(offset)}"#
            }
        }
        return """
            {
              "format": "graphcodable-conformance",
              "rules": "Docs/ArchiveFormat.md, rule index",
              "files": [
            \(lines.joined(separator: ",\n"))
              ]
            }

            """
    }

    @Test func theCorpusOnDiskIsTheOneTheLibraryWrites() throws {
        let manifestURL = Self.directory.appendingPathComponent("manifest.json")
        if ProcessInfo.processInfo.environment["GRAPH_CONFORMANCE_WRITE"] == "1" {
            for folder in ["valid", "invalid"] {
                let url = Self.directory.appendingPathComponent(folder)
                try? FileManager.default.removeItem(at: url)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
            for file in ConformanceCorpus.files { try Data(file.bytes).write(to: Self.directory.appendingPathComponent(file.path)) }
            try Data(Self.manifest.utf8).write(to: manifestURL)
        }
        #expect(try String(contentsOf: manifestURL, encoding: .utf8) == Self.manifest)
        for file in ConformanceCorpus.files {
            let written = try Data(contentsOf: Self.directory.appendingPathComponent(file.path))
            #expect(Array(written) == file.bytes, "\(file.path) differs: run Scripts/conformance.sh")
        }
        for folder in ["valid", "invalid"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.appendingPathComponent(folder).path)
            #expect(Set(names.map { "\(folder)/\($0)" }) == Set(ConformanceCorpus.files.map(\.path).filter { $0.hasPrefix(folder + "/") }))
        }
    }

    /// Every rule of the document's rule index is broken by at least one invalid file.
    @Test func everyRuleHasAnInvalidFile() {
        let broken = Set(
            ConformanceCorpus.invalid.compactMap { file -> FormatRule? in
                if case .invalid(let rule, _) = file.expectation { rule } else { nil }
            })
        #expect(Set(FormatRule.allCases).subtracting(broken).isEmpty, "\(Set(FormatRule.allCases).subtracting(broken))")
    }

    @Test func theCorpusIsLargeAndItsNamesUnique() throws {
        #expect(try ValidCorpus.files().count == ConformanceCorpus.valid.count)
        #expect(
            ConformanceCorpus.valid.count >= 50 && ConformanceCorpus.invalid.count >= 50,
            "\(ConformanceCorpus.valid.count) valid, \(ConformanceCorpus.invalid.count) invalid")
        #expect(Set(ConformanceCorpus.files.map(\.path)).count == ConformanceCorpus.files.count)
    }

    static let registry = GTypeRegistry([ValidCorpus.Packed.self])

    @Test(arguments: ConformanceCorpus.valid.map(\.name))
    func validFilesReadWriteBackAndConvert(_ name: String) throws {
        let file = try #require(ConformanceCorpus.valid.first { $0.name == name })
        #expect(GraphDecoder().validate(file.bytes).isValid, "\(GraphDecoder().validate(file.bytes))")
        try file.decode(file.bytes)
        let model = try GraphArchive(bytes: file.bytes)
        #expect(try model.bytes() == file.bytes)
        var rebuilt = model
        rebuilt.body = model.body
        #expect(try rebuilt.bytes() == file.bytes, "written from the model's nodes")
        let decoder = GraphDecoder(registry: Self.registry)
        let other: UInt16 = model.internalBinaryIOVersion == 1 ? 2 : 1
        let converted = try decoder.convert(file.bytes, internalBinaryIOVersion: other)
        #expect(try decoder.convert(converted, internalBinaryIOVersion: model.internalBinaryIOVersion) == file.bytes)
        try file.decode(converted)
    }

    @Test(arguments: ConformanceCorpus.invalid.map(\.name))
    func invalidFilesAreRefusedWithTheirRuleAndOffset(_ name: String) throws {
        let file = try #require(ConformanceCorpus.invalid.first { $0.name == name })
        guard case .invalid(let rule, let offset) = file.expectation else { return }
        let problem = GraphDecoder().validate(file.bytes).problems.first
        #expect(problem?.rule == rule && problem?.byteOffset == offset, "validation: \(String(describing: problem))")
        #expect(Refusal.of { try file.decode(file.bytes) } == Refusal(rule: rule, offset: offset), "decoding")
        #expect(Refusal.of { _ = try GraphArchive(bytes: file.bytes) } == Refusal(rule: rule, offset: offset), "model")
    }
}
