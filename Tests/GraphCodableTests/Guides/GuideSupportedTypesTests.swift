import Foundation
import GraphCodable
import Testing

/// Standard library and Foundation types archive with no code of the user's, nested in
/// optionals and collections, read back from `Data` and from bytes alike.
@Suite struct GuideSupportedTypesTests {
    @Test func nestedOptionalDictionariesRoundTripAsDataAndBytes() throws {
        let inRoot = [["a": 1.5, "b": 2.0], nil, ["c": 2.5, "d": 3.0, "e": nil]]

        let data = try GraphEncoder().encode(inRoot) as Data
        #expect(try GraphDecoder().decode(type(of: inRoot), from: data) == inRoot)

        let bytes = try GraphEncoder().encode(inRoot) as Bytes
        #expect(try GraphDecoder().decode(type(of: inRoot), from: bytes) == inRoot)
        #expect(Array(data) == bytes)
    }
}
