/// The parameters that follow the type in a `Content-Type` or `Content-Disposition` value
/// (RFC 9110 §5.6.6): `*( OWS ";" OWS [ name "=" value ] )`, each name a token, compared
/// without case, and each value a token or a quoted-string.
///
/// Empty parameters (`;;`) are allowed, as RFC 9110 allows them; whitespace around `=` is
/// not. A name given twice is an error, since readers disagree on which one counts.
struct FieldParameters: RandomAccessCollection, Equatable, Sendable {
    /// The most parameters one field value may carry: 16.
    static let maximumCount = 16

    /// One parameter: its name lower-cased, and its value with the quotes and the
    /// backslashes of a quoted-string removed.
    struct Parameter: Equatable, Sendable {
        let name: String
        let value: String
    }

    /// The parameters in the order given.
    private let parameters: [Parameter]

    /// The position of the first parameter.
    var startIndex: Int { parameters.startIndex }
    /// The position after the last parameter.
    var endIndex: Int { parameters.endIndex }
    /// The parameter at `position`.
    subscript(position: Int) -> Parameter { parameters[position] }

    /// Parses `bytes`, the part of a field value after its type: a slice of the value's bytes,
    /// so that its indices, which errors give, are byte offsets in the value. `place` names
    /// the field in errors.
    init(parsing bytes: ArraySlice<UInt8>, at place: UploadPlace) throws(UploadParseError) {
        var parameters: [Parameter] = []
        var rest = bytes
        while true {
            rest = rest.drop(while: ASCII.isWhitespace)
            guard let separator = rest.first else { break }
            guard separator == ASCII.semicolon else {
                throw .badRequest(place, "byte \(ASCII.hex(separator)) at offset \(rest.startIndex), where \";\" or the end should be")
            }
            rest = rest.dropFirst().drop(while: ASCII.isWhitespace)
            guard let first = rest.first, first != ASCII.semicolon else { continue }
            guard ASCII.isTokenByte(first) else {
                throw .badRequest(place, "byte \(ASCII.hex(first)) at offset \(rest.startIndex), where a parameter name should start")
            }
            let parameter = try Self.parameter(&rest, at: place)
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw .badRequest(place, "parameter \"\(parameter.name)\" given twice")
            }
            guard parameters.count < Self.maximumCount else {
                throw .badRequest(place, "more than \(Self.maximumCount) parameters")
            }
            parameters.append(parameter)
        }
        self.parameters = parameters
    }

    /// The value of the parameter called `name`, compared without ASCII case; nil if there is none.
    func value(_ name: String) -> String? {
        parameters.first { ASCII.equalsIgnoringCase($0.name, name) }?.value
    }

    /// Reads `name "=" value` at the start of `rest`, which starts with a token byte.
    private static func parameter(_ rest: inout ArraySlice<UInt8>, at place: UploadPlace) throws(UploadParseError) -> Parameter {
        let nameBytes = rest.prefix(while: ASCII.isTokenByte)
        let name = String(decoding: nameBytes.map(ASCII.lowercased), as: UTF8.self)
        rest = rest[nameBytes.endIndex...]
        guard rest.first == UInt8(ascii: "=") else { throw .badRequest(place, "parameter \"\(name)\" has no \"=\" after its name") }
        rest = rest.dropFirst()
        if rest.first == UInt8(ascii: "\"") {
            let value = try QuotedString.read(&rest, at: place)
            return Parameter(name: name, value: value)
        }
        let value = rest.prefix(while: ASCII.isTokenByte)
        guard !value.isEmpty else { throw .badRequest(place, "parameter \"\(name)\" has no value (a token or a quoted-string)") }
        rest = rest[value.endIndex...]
        return Parameter(name: name, value: String(decoding: value, as: UTF8.self))
    }
}
