import Foundation
import GraphCodable
import Testing

/// The bridge's failures are the errors Codable users expect: each `DecodingError` case with
/// its coding path, its cause the archive's error with the byte offset and the node's path.
@Suite struct CodableErrorTests {
    // Each archive's root has the name of the type decoded (the decoder checks the root's
    // name); what differs is inside.
    enum Right {
        struct Inner: Codable { var count: Int }
        struct Outer: Codable { var items: [Inner] }
    }

    enum Text {
        struct Inner: Codable { var count: String }
        struct Outer: Codable { var items: [Inner] }
    }

    enum Missing {
        struct Inner: Codable { var other: Int }
        struct Outer: Codable { var items: [Inner] }
    }

    enum Nil {
        struct Inner: Codable {
            var count: Int?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(count, forKey: .count)
            }
        }
        struct Outer: Codable { var items: [Inner] }
    }

    /// The cause of `error`, and its coding path as text.
    static func parts(of error: any Error) -> (path: [String], cause: GCodableError?)? {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .typeMismatch(_, let found)?, .valueNotFound(_, let found)?, .keyNotFound(_, let found)?, .dataCorrupted(let found)?:
            context = found
        default: return nil
        }
        return (context.codingPath.map(\.stringValue), context.underlyingError as? GCodableError)
    }

    @Test func keyNotFound() throws {
        let bytes = try GraphEncoder().encode(Missing.Outer(items: [.init(other: 1), .init(other: 2)])) as Bytes
        #expect {
            _ = try GraphDecoder().decode(Right.Outer.self, from: bytes)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error, let (path, cause) = Self.parts(of: error) else { return false }
            return key.stringValue == "count" && path == ["items", "Index 0"] && cause?.context.pathText == "root.items[0]"
                && cause?.context.byteOffset != nil
        }
    }

    @Test func typeMismatch() throws {
        let bytes = try GraphEncoder().encode(Text.Outer(items: [.init(count: "1"), .init(count: "two")])) as Bytes
        #expect {
            _ = try GraphDecoder().decode(Right.Outer.self, from: bytes)
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, _) = error, let (path, cause) = Self.parts(of: error) else { return false }
            return type == Int.self && path == ["items", "Index 0", "count"] && cause?.context.pathText == "root.items[0].count"
        }
    }

    @Test func valueNotFound() throws {
        let bytes = try GraphEncoder().encode(Nil.Outer(items: [.init(count: 3), .init(count: nil)])) as Bytes
        #expect {
            _ = try GraphDecoder().decode(Right.Outer.self, from: bytes)
        } throws: { error in
            guard case DecodingError.valueNotFound(let type, _) = error, let (path, cause) = Self.parts(of: error) else { return false }
            return type == Int.self && path == ["items", "Index 1", "count"] && cause?.context.pathText == "root.items[1].count"
        }
        // Unkeyed values run out.
        #expect {
            _ = try GraphDecoder().decode(Pair.self, from: try GraphEncoder().encode(Pair(values: [1])) as Bytes)
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return Self.parts(of: error)?.cause?.context.byteOffset != nil
        }
    }

    /// Two unkeyed values, the second of which may be missing from an archive.
    struct Pair: Codable {
        var values: [Int]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        }
        init(values: [Int]) { self.values = values }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            values = [try container.decode(Int.self), try container.decode(Int.self)]
        }
    }

    @Test func dataCorrupted() throws {
        var bytes = try GraphEncoder().encode(Right.Outer(items: [.init(count: 1)])) as Bytes
        bytes.removeLast(3)
        #expect {
            _ = try GraphDecoder().decode(Right.Outer.self, from: bytes)
        } throws: { error in
            guard case DecodingError.dataCorrupted = error, let (path, cause) = Self.parts(of: error),
                case .invalidArchive? = cause
            else { return false }
            return path.isEmpty && cause?.context.byteOffset != nil
        }
        // A raw value the enum lacks: the enum's own `DecodingError`, at its path, once.
        let newer = try GraphEncoder().encode([Newer.Kind.a, .b]) as Bytes
        #expect {
            _ = try GraphDecoder().decode([Older.Kind].self, from: newer)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["Index 1"]
        }
    }

    enum Newer { enum Kind: String, Codable { case a, b } }
    enum Older { enum Kind: String, Codable { case a } }

    /// A class the archive names that this program lacks, in trusted mode.
    @Test func unknownClassIsATypeMismatch() throws {
        final class Local: Codable { var x = 1 }
        #expect {
            _ = try GraphEncoder().encode([Local()]) as Bytes
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["Index 0"]
                && "\(context.underlyingError ?? error)".contains("cannot be found again")
        }
    }

    /// `setClass` decodes an archived Codable class as another.
    class Old: Codable { var name = "old" }
    final class Renamed: Old {}

    @Test func setClassMapsACodableClass() throws {
        let bytes = try GraphEncoder().encode([Old()]) as Bytes
        let decoder = GraphDecoder()
        decoder.setClass(Renamed.self, for: .qualifiedName(_typeName(Old.self, qualified: true)))
        let back = try decoder.decode([Old].self, from: bytes)
        #expect(back[0] is Renamed && back[0].name == "old")
        #expect(decoder.decodingReport?.replacements.count == 1)
    }
}
