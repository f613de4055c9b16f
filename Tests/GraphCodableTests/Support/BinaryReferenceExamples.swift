import GraphCodable

/// Classes stored as one BinaryIO unit (`BIR`), a subclass among them.
enum BinaryReferenceExamples {
    class Blob: GBinaryCodable, CustomStringConvertible {
        var bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        required init(from rbuffer: inout BinaryReadBuffer) throws { bytes = try [UInt8](from: &rbuffer) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws { try bytes.write(to: &wbuffer) }
        var description: String { "\(type(of: self))(\(bytes))" }
    }

    final class TaggedBlob: Blob {}
}
