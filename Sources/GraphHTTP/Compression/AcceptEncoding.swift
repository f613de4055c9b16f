/// A content coding the server can apply to a response body (RFC 9110 §8.4.1).
enum ContentCoding: Equatable, Sendable {
    /// The body as it is, with no `Content-Encoding`.
    case identity
    /// The body compressed with ``GzipStream``, sent with `Content-Encoding: gzip`.
    case gzip
}

extension ContentCoding {
    /// The coding to answer a request with, from its `Accept-Encoding` fields (RFC 9110 §12.5.3).
    ///
    /// Each element is a coding with an optional weight, `;q=` and a number from 0 to 1
    /// with up to three decimals; codings are compared without case, `x-gzip` is `gzip`,
    /// and `*` stands for every coding not named. A malformed element is ignored.
    ///
    /// Gzip is chosen when its weight, named or through `*`, is above 0 and not below the
    /// weight the field gives identity, by name or through `*`. The identity a field leaves
    /// unmentioned is acceptable but not preferred, so `gzip;q=0.5` alone chooses gzip.
    /// A coding named twice counts with its higher weight. Every other case is identity:
    /// no field (nothing says the client can decode gzip), an empty field, and a field
    /// that forbids both codings (identity is then still the best answer to send).
    ///
    /// - Parameter values: The field value of each `Accept-Encoding` line, or its list
    ///   elements already split; empty when the request has no such field.
    static func preferred(acceptEncoding values: some Sequence<String>) -> ContentCoding {
        var weights = AcceptedWeights()
        for value in values { weights.read(value) }
        return weights.preferred
    }

    /// The coding to answer a request with `headers` with, from its `Accept-Encoding`
    /// fields, as ``preferred(acceptEncoding:)`` decides.
    static func preferred(for headers: HTTPHeaders) -> ContentCoding {
        preferred(acceptEncoding: headers.lazy.filter { ASCII.equalsIgnoringCase($0.name, "Accept-Encoding") }.map(\.value))
    }
}

/// The weights an `Accept-Encoding` field gives the codings the server knows, in
/// thousandths (0...1000), nil for a coding it does not name.
private struct AcceptedWeights {
    var gzip: Int?
    var identity: Int?
    /// The weight of `*`: every coding not named.
    var others: Int?

    /// The decision of ``ContentCoding/preferred(acceptEncoding:)`` from these weights.
    var preferred: ContentCoding {
        let gzipWeight = gzip ?? others ?? 0
        guard gzipWeight > 0 else { return .identity }
        if let identityWeight = identity ?? others, identityWeight > gzipWeight { return .identity }
        return .gzip
    }

    /// Reads each comma-separated element of a field value.
    mutating func read(_ value: String) {
        var rest = value.utf8[...]
        while true {
            let elementEnd = rest.firstIndex(of: ASCII.comma) ?? rest.endIndex
            readElement(ASCII.trimmingWhitespace(rest[..<elementEnd]))
            guard elementEnd < rest.endIndex else { return }
            rest = rest[rest.index(after: elementEnd)...]
        }
    }

    /// Reads one element, `coding [ OWS ";" OWS "q=" qvalue ]`, ignoring it if malformed.
    private mutating func readElement(_ element: Substring.UTF8View) {
        let codingEnd = element.firstIndex(of: ASCII.semicolon) ?? element.endIndex
        let coding = ASCII.trimmingWhitespace(element[..<codingEnd])
        guard ASCII.isToken(coding) else { return }
        var weight = 1000
        if codingEnd < element.endIndex {
            let parameter = ASCII.trimmingWhitespace(element[element.index(after: codingEnd)...])
            guard let parsed = Self.weight(parameter) else { return }
            weight = parsed
        }
        let name = Substring(coding)
        if ASCII.equalsIgnoringCase(name, "gzip") || ASCII.equalsIgnoringCase(name, "x-gzip") {
            gzip = max(gzip ?? 0, weight)
        } else if ASCII.equalsIgnoringCase(name, "identity") {
            identity = max(identity ?? 0, weight)
        } else if name == "*" {
            others = max(others ?? 0, weight)
        }
    }

    /// The thousandths of a weight parameter, `q=` (either case) and a `qvalue`: `0`
    /// or `1`, then optionally a point and up to three digits, at most 1. Nil if malformed.
    private static func weight(_ parameter: Substring.UTF8View) -> Int? {
        guard let name = parameter.first, ASCII.lowercased(name) == UInt8(ascii: "q"),
            parameter.dropFirst().first == UInt8(ascii: "=")
        else { return nil }
        let number = parameter.dropFirst(2)
        guard let unit = number.first, unit == UInt8(ascii: "0") || unit == UInt8(ascii: "1") else { return nil }
        var thousandths = unit == UInt8(ascii: "1") ? 1000 : 0
        let fraction = number.dropFirst()
        guard !fraction.isEmpty else { return thousandths }
        guard fraction.first == UInt8(ascii: "."), fraction.count <= 4 else { return nil }
        var scale = 100
        for digit in fraction.dropFirst() {
            guard ASCII.isDigit(digit) else { return nil }
            thousandths += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return thousandths <= 1000 ? thousandths : nil
    }
}
