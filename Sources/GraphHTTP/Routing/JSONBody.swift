import Foundation

/// How the API writes JSON answers: object members sorted by name, slashes unescaped,
/// compact unless asked otherwise.
enum JSONBody {
    static func encode<Value: Encodable>(_ value: Value, pretty: Bool = false) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding values made of strings, numbers, arrays and dictionaries cannot fail.
        return (try? Array(encoder.encode(value))) ?? []
    }
}
