import Foundation
import Testing

@testable import GraphCodable

/// Arrays, sets and dictionaries read from either form of the format: one `BIV` of their
/// layout or a `VAL` with a field per element, whichever their encoder writes.
@Suite struct CollectionFormTests {
    static func int(_ value: Int) -> String { #"{"kind":"BIV","type":10,"value":\#(value)}"# }
    static func string(_ value: String) -> String { #"{"kind":"BIV","type":15,"value":"\#(value)"}"# }

    @Test func packableCollectionsReadFromFields() throws {
        let array = try EditedArchive.archive(body: #"{"kind":"VAL","type":40,"fields":[\#(Self.int(1)),\#(Self.int(2))]}"#)
        #expect(try GraphDecoder().decode([Int].self, from: array) == [1, 2])
        #expect(try GraphDecoder().decode(ContiguousArray<Int>.self, from: array) == [1, 2])
        let set = try EditedArchive.archive(body: #"{"kind":"VAL","type":41,"fields":[\#(Self.int(3)),\#(Self.int(4))]}"#)
        #expect(try GraphDecoder().decode(Set<Int>.self, from: set) == [3, 4])
        let dictionary = try EditedArchive.archive(body: #"{"kind":"VAL","type":42,"fields":[\#(Self.int(5)),\#(Self.int(6))]}"#)
        #expect(try GraphDecoder().decode([Int: Int].self, from: dictionary) == [5: 6])
        // The VAL's code names the collection: a set is not an array.
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int].self, from: set) }
        let twice = RawArchive(body: [0x21, 41, 0x23, 0x0A, 0x06, 0x23, 0x0A, 0x06, 0x00]).bytes
        #expect(!GraphDecoder().validate(twice).isValid)
        // The collection's own check says where: at the collection.
        do {
            _ = try GraphDecoder().decode(Set<Int>.self, from: twice)
            Issue.record("a set of a duplicate element decoded")
        } catch let error as GCodableError {
            #expect(error.context.byteOffset == 40 && error.context.rule == .setDuplicate, "\(error)")
        }
    }

    @Test func otherCollectionsReadFromTheirLayout() throws {
        let array = try EditedArchive.archive(types: #"{"array":15}"#, body: #"{"kind":"BIV","type":64,"value":["a","b"]}"#)
        #expect(try GraphDecoder().decode([String].self, from: array) == ["a", "b"])
        let set = try EditedArchive.archive(types: #"{"set":15}"#, body: #"{"kind":"BIV","type":64,"value":["a","b"]}"#)
        #expect(try GraphDecoder().decode(Set<String>.self, from: set) == ["a", "b"])
        let dictionary = try EditedArchive.archive(
            types: #"{"dictionary":[15,15]}"#, body: #"{"kind":"BIV","type":64,"value":[["k","v"]]}"#)
        #expect(try GraphDecoder().decode([String: String].self, from: dictionary) == ["k": "v"])
        let nested = try EditedArchive.archive(types: #"{"array":10},{"array":64}"#, body: #"{"kind":"BIV","type":65,"value":[[1],[2,3]]}"#)
        #expect(try GraphDecoder().decode([[Int]].self, from: nested) == [[1], [2, 3]])
        // The layout must be the collection's own.
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Data].self, from: array) }
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([String].self, from: set) }
        // Canonically equivalent strings are one set element.
        let equivalent = try EditedArchive.archive(
            types: #"{"set":15}"#, body: #"{"kind":"BIV","type":64,"value":["\#u{E9}","e\#u{301}"]}"#)
        #expect(throws: GCodableError.self) { try GraphDecoder().decode(Set<String>.self, from: equivalent) }
        #expect(!GraphDecoder().validate(equivalent).isValid)
    }

    /// Each form is the one the encoder writes, and both read back the same collection.
    @Test func theEncoderPacksOnlyPackableElements() throws {
        let packed = try GraphArchive(bytes: try GraphEncoder().encode([1, 2]) as Bytes)
        #expect(packed.body.first?.kind == .biv)
        let fields = try GraphArchive(bytes: try GraphEncoder().encode(["a", "b"]) as Bytes)
        #expect(fields.body.first?.kind == .val && fields.body.first?.fields.count == 2)
    }
}
