import Foundation
import GraphCodable
import Testing

/// Classes stored as one BinaryIO unit (`BIR`) keep identity and inheritance.
@Suite struct BinaryReferenceTests {
    typealias Blob = BinaryReferenceExamples.Blob
    typealias TaggedBlob = BinaryReferenceExamples.TaggedBlob

    @Test func binaryClassesKeepIdentityAndInheritance() throws {
        let shared = TaggedBlob([1, 2, 3])
        let inRoot: [Blob] = [Blob([9]), shared, shared]
        let data = try GraphEncoder().encode(inRoot) as Bytes
        let dump = try GraphEncoder().dump(inRoot)
        #expect(dump.contains("- BIR0001 GraphCodableTests.BinaryReferenceExamples.Blob Blob([9])"))
        #expect(dump.contains("- BIR0002 GraphCodableTests.BinaryReferenceExamples.TaggedBlob TaggedBlob([1, 2, 3])"))
        #expect(dump.contains("- PTS0002"))
        #expect(try GraphDecoder().dump(from: data).contains("BIR0002 GraphCodableTests.BinaryReferenceExamples.TaggedBlob { 4 bytes }"))

        let outRoot = try GraphDecoder().decode([Blob].self, from: data)
        #expect("\(outRoot)" == "[Blob([9]), TaggedBlob([1, 2, 3]), TaggedBlob([1, 2, 3])]")
        #expect(outRoot[1] === outRoot[2])

        let plain = try GraphDecoder().decode([Blob].self, from: try GraphEncoder(.mimicSwiftCodable).encode(inRoot) as Bytes)
        #expect("\(plain)" == "[Blob([9]), Blob([1, 2, 3]), Blob([1, 2, 3])]")
        #expect(plain[1] !== plain[2])
    }
}
