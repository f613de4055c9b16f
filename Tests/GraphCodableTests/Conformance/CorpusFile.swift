import Foundation
import GraphCodable

/// A file of the conformance corpus (`Tests/Conformance/`): its bytes, and what a conformant
/// reader does with them.
struct CorpusFile: Sendable {
    enum Expectation: Sendable {
        /// Valid: readers accept it, and the Swift type it decodes as reads it.
        case valid
        /// Invalid: readers refuse it, reporting `rule` at `offset`.
        case invalid(rule: FormatRule, offset: Int)
    }

    /// The file's name, without `.graph`, in `valid/` or `invalid/`.
    let name: String
    let bytes: [UInt8]
    let expectation: Expectation
    /// Decodes the bytes as the Swift type they were written for (or, for an invalid file,
    /// the type of the valid one it was made from).
    let decode: @Sendable ([UInt8]) throws -> Void

    var path: String {
        if case .valid = expectation { "valid/\(name).graph" } else { "invalid/\(name).graph" }
    }

    /// A valid file of `value` as `GraphEncoder(options)` writes it; it must decode equal.
    static func valid<T: GCodable & Equatable & Sendable>(
        _ name: String, _ value: T, _ options: GraphEncoder.Options = []
    ) throws -> CorpusFile {
        CorpusFile(name: name, bytes: try GraphEncoder(options).encode(value) as Bytes, expectation: .valid) { bytes in
            let decoded = try GraphDecoder().decode(T.self, from: bytes)
            guard decoded == value else { throw CorpusMismatch(description: "\(name) decoded as \(decoded)") }
        }
    }

    /// A valid file of bytes made by hand, that decodes as `T` equal to `value`.
    static func valid<T: GCodable & Equatable & Sendable>(_ name: String, _ bytes: [UInt8], as value: T) -> CorpusFile {
        CorpusFile(name: name, bytes: bytes, expectation: .valid) { bytes in
            let decoded = try GraphDecoder().decode(T.self, from: bytes)
            guard decoded == value else { throw CorpusMismatch(description: "\(name) decoded as \(decoded)") }
        }
    }

    /// An invalid file that breaks `rule` at `offset`, made from bytes written for `T`.
    static func invalid<T: GDecodable & Sendable>(_ name: String, _ bytes: [UInt8], _ rule: FormatRule, at offset: Int, as _: T.Type)
        -> CorpusFile
    {
        CorpusFile(name: name, bytes: bytes, expectation: .invalid(rule: rule, offset: offset)) { bytes in
            _ = try GraphDecoder().decode(T.self, from: bytes)
        }
    }
}

/// A corpus file that decoded as another value.
struct CorpusMismatch: Error, CustomStringConvertible {
    let description: String
}
