import Foundation
import Testing

@testable import GraphCodable

/// Archives made for a test: a value's archive with some bytes replaced, or one written
/// through the JSON form (which takes native payloads as text, rules broken or not).
enum EditedArchive {
    /// The archive of `value` (without checksum) with the first occurrence of `pattern`
    /// replaced by `replacement`.
    static func archive<Value: GEncodable>(of value: Value, replacing pattern: [UInt8], with replacement: [UInt8]) throws -> [UInt8] {
        var bytes = try GraphEncoder(.omitChecksum).encode(value) as Bytes
        let range = try #require(bytes.firstRange(of: pattern))
        bytes.replaceSubrange(range, with: replacement)
        return bytes
    }

    /// The archive of one `BIV` of the layouts `types` (the last is the root's) and `value`,
    /// written through the JSON form.
    static func archive(types: String, value: String) throws -> [UInt8] {
        let root = 63 + types.components(separatedBy: "},{").count
        return try archive(types: types, body: #"{"kind":"BIV","type":\#(root),"value":\#(value)}"#)
    }

    /// An archive whose body is the JSON node `body` and whose type table is `types`,
    /// written through the JSON form (native payloads as the text gives them).
    static func archive(types: String = "", body: String) throws -> [UInt8] {
        try GraphArchive.bytes(fromJSON: Array(jsonForm(types: types, body: body, checksummed: true)))
    }

    /// The JSON form of an archive whose type table is `types` and whose body is `body`
    /// (JSON text, spliced in as it is), with no key.
    static func jsonForm(types: String = "", body: String, checksummed: Bool = false) -> Data {
        Data(
            """
            {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": \(checksummed),
             "internalBinaryIOVersion": 1, "userBinaryIOVersion": 0,
             "types": [\(types)], "keys": [], "body": [\(body)]}
            """.utf8)
    }

    /// `archive` with the payload of every `BIV` node equal to `old`'s replaced by `new`'s.
    static func replacingPayload<Old: GCodable, New: GCodable>(in archive: Bytes, _ old: Old, with new: New) throws -> Bytes {
        func payload<T: GCodable>(of value: T) throws -> [UInt8] {
            try GraphArchive(bytes: GraphEncoder().encode(value) as Bytes).body[0].payload
        }
        let (oldPayload, newPayload) = (try payload(of: old), try payload(of: new))
        var model = try GraphArchive(bytes: archive)
        func replace(_ node: inout GraphArchive.Node) {
            if node.kind == .biv, node.payload == oldPayload { node.payload = newPayload }
            for index in node.fields.indices { replace(&node.fields[index]) }
        }
        for index in model.body.indices { replace(&model.body[index]) }
        return try model.bytes(checkingPayloads: false)
    }
}
