import Foundation
import GraphCodable
import Testing

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
        let json = #"{"format":"graphcodable-archive","formatVersion":1,"checksummed":true,"internalBinaryIOVersion":1,"userBinaryIOVersion":0,"types":[\#(types)],"keys":[],"body":[\#(body)]}"#
        return try GraphArchive.bytes(fromJSON: Array(json.utf8))
    }
}
