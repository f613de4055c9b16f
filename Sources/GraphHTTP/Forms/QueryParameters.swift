/// The parameters of a request target's query, as HTML forms and URLs write them:
/// `a=1&b=&c&d=x%20y+z`, pairs split on `&` and each split at its first `=`.
///
/// Names and values are percent-decoded (`%XX`), `+` is read as a space, and the result
/// must be UTF-8. Order and repeats are kept; a parameter without `=` has an empty value,
/// and empty pairs (`a=1&&b=2`) are skipped. Names are compared exactly, with case.
struct QueryParameters: Equatable, Sendable {
    /// The most parameters one query may hold, by default: 64.
    static let defaultMaximumCount = 64

    /// One parameter, decoded.
    struct Parameter: Equatable, Sendable {
        let name: String
        let value: String
    }

    /// The parameters in the order of the query.
    let parameters: [Parameter]

    /// Parses `query`, what follows the `?` of a request target, holding at most
    /// `maximumCount` parameters.
    init(parsing query: String, maximumCount: Int = QueryParameters.defaultMaximumCount) throws(UploadParseError) {
        let bytes = Array(query.utf8)[...]
        var parameters: [Parameter] = []
        var pairStart = bytes.startIndex
        while pairStart < bytes.endIndex {
            let pairEnd = bytes[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            let pair = bytes[pairStart ..< pairEnd]
            pairStart = pairEnd + 1
            guard !pair.isEmpty else { continue }
            guard parameters.count < maximumCount else { throw .badRequest(.query, "more than \(maximumCount) parameters") }
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let place = UploadPlace.queryParameter(String(decoding: pair[..<equals], as: UTF8.self))
            let name = try Self.decode(pair[..<equals], what: "name", at: place)
            let value = try Self.decode(pair[min(equals + 1, pair.endIndex)...], what: "value", at: place)
            parameters.append(Parameter(name: name, value: value))
        }
        self.parameters = parameters
    }

    /// The value of the first parameter called `name`; nil if there is none.
    func first(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The first parameter called `name` read as a boolean: `true`, `yes`, `1` or no value
    /// at all (`?verbose`, `?verbose=`) are true, `false`, `no` and `0` are false, letters
    /// compared without case; nil if there is no such parameter, an error for another value.
    func bool(_ name: String) throws(UploadParseError) -> Bool? {
        guard let value = first(name) else { return nil }
        switch value.lowercased() {
        case "", "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw .badRequest(.queryParameter(name), "\"\(value)\" is not true, false, yes, no, 1 or 0")
        }
    }

    /// The first parameter called `name` read as a whole number in `range`, written in
    /// decimal digits alone; nil if there is no such parameter, an error for another value.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UploadParseError) -> Int? {
        guard let value = first(name) else { return nil }
        var number = 0
        for byte in value.utf8 {
            let (shifted, overflowed) = number.multipliedReportingOverflow(by: 10)
            let (sum, carried) = shifted.addingReportingOverflow(Int(byte) - Int(UInt8(ascii: "0")))
            guard ASCII.isDigit(byte), !overflowed, !carried else {
                throw .badRequest(.queryParameter(name), "\"\(value)\" is not a whole number in \(range)")
            }
            number = sum
        }
        guard !value.isEmpty, range.contains(number) else {
            throw .badRequest(.queryParameter(name), "\"\(value)\" is not a whole number in \(range)")
        }
        return number
    }

    /// `bytes` with percent escapes decoded and `+` read as a space, as UTF-8 text; `what`
    /// names the part of the parameter in errors, which give offsets in the query.
    private static func decode(_ bytes: ArraySlice<UInt8>, what: String, at place: UploadPlace) throws(UploadParseError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "+"):
                decoded.append(ASCII.space)
                index += 1
            case UInt8(ascii: "%"):
                let escape = bytes[index ..< min(index + 3, bytes.endIndex)]
                guard escape.count == 3, let high = ASCII.hexValue(escape[index + 1]), let low = ASCII.hexValue(escape[index + 2]) else {
                    throw .badRequest(
                        place, "\"\(String(decoding: escape, as: UTF8.self))\" at offset \(index) is not a percent escape %XX")
                }
                decoded.append(UInt8(high * 16 + low))
                index += 3
            case let byte:
                decoded.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw .badRequest(place, "the \(what) is not UTF-8 once percent-decoded")
        }
        return text
    }
}
