import GraphCodable
import Testing

/// Expectations that validation and typed decoding agree on an archive, so that "valid"
/// means "decodes".
enum ReaderAgreement {
    /// Validation and typed decoding agree: both refuse, validation with `message`.
    static func expectRefused<Value: GDecodable>(
        _ bytes: [UInt8], as _: Value.Type, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let report = GraphDecoder().validate(bytes)
        #expect(report.problems.map(\.message) == [message], sourceLocation: sourceLocation)
        #expect(report.problems.first?.byteOffset != nil, sourceLocation: sourceLocation)
        #expect(throws: GCodableError.self, sourceLocation: sourceLocation) { try GraphDecoder().decode(Value.self, from: bytes) }
    }

    /// Validation and typed decoding agree: both accept.
    static func expectAccepted<Value: GDecodable>(_ bytes: [UInt8], as _: Value.Type, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(GraphDecoder().validate(bytes).isValid, sourceLocation: sourceLocation)
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try GraphDecoder().decode(Value.self, from: bytes) }
    }
}
