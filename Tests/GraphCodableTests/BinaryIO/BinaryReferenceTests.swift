import Foundation
import GraphCodable
import Testing

/// Classes stored as one BinaryIO unit (`BIR`) keep identity and inheritance.
@Suite struct BinaryReferenceTests {
    class Blob: GBinaryCodable, CustomStringConvertible {
        var bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        required init(from rbuffer: inout BinaryReadBuffer) throws { bytes = try [UInt8](from: &rbuffer) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws { try bytes.write(to: &wbuffer) }
        var description: String { "\(type(of: self))(\(bytes))" }
    }

    final class TaggedBlob: Blob {}

    @Test func binaryClassesKeepIdentityAndInheritance() throws {
        let shared = TaggedBlob([1, 2, 3])
        let inRoot: [Blob] = [Blob([9]), shared, shared]
        let data = try GraphEncoder().encode(inRoot) as Bytes
        let dump = try GraphEncoder().dump(inRoot)
        #expect(dump.contains("- BIR0001 GraphCodableTests.BinaryReferenceTests.Blob Blob([9])"))
        #expect(dump.contains("- BIR0002 GraphCodableTests.BinaryReferenceTests.TaggedBlob TaggedBlob([1, 2, 3])"))
        #expect(dump.contains("- PTS0002"))
        #expect(try GraphDecoder().dump(from: data).contains("BIR0002 GraphCodableTests.BinaryReferenceTests.TaggedBlob { 4 bytes }"))

        let outRoot = try GraphDecoder().decode([Blob].self, from: data)
        #expect("\(outRoot)" == "[Blob([9]), TaggedBlob([1, 2, 3]), TaggedBlob([1, 2, 3])]")
        #expect(outRoot[1] === outRoot[2])

        let plain = try GraphDecoder().decode([Blob].self, from: try GraphEncoder(.mimicSwiftCodable).encode(inRoot) as Bytes)
        #expect("\(plain)" == "[Blob([9]), Blob([1, 2, 3]), Blob([1, 2, 3])]")
        #expect(plain[1] !== plain[2])
    }
}
