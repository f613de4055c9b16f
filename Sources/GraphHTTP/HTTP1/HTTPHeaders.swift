/// The header fields of a request or response, in the order they were received or added,
/// each name spelt as it was given.
///
/// Names are compared without ASCII case, as RFC 9110 §5.1 requires. A field name
/// repeated on several lines is kept as several fields; ``values(_:)`` reads them as one
/// comma-separated list. Fields added here can always be written safely: names must be
/// tokens, and CR, LF and NUL in values become spaces.
public struct HTTPHeaders: RandomAccessCollection, ExpressibleByDictionaryLiteral, Equatable, Sendable {
    /// One field line: a name and its value, without surrounding whitespace.
    public struct Field: Equatable, Sendable {
        /// The field name, a token, spelt as received or added.
        public let name: String
        /// The field value; never holds CR, LF or NUL.
        public let value: String
    }

    private var fields: [Field] = []

    /// No fields.
    public init() {}

    /// The fields in the order written, as if each was passed to ``add(name:value:)``.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name: name, value: value) }
    }

    /// The position of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> Field { fields[position] }

    /// The value of the first field called `name`, or nil if there is none.
    public func first(_ name: String) -> String? {
        fields.first { ASCII.equalsIgnoringCase($0.name, name) }?.value
    }

    /// The elements of every field called `name`, read as one comma-separated list: each
    /// element trimmed of whitespace, empty elements dropped. Not for fields whose values
    /// may hold quoted commas, such as dates.
    public func values(_ name: String) -> [String] {
        var values: [String] = []
        forEachElement(of: name) {
            values.append(String($0))
            return true
        }
        return values
    }

    /// Whether a list element of a field called `name` equals `token`, ignoring ASCII case;
    /// `contains(token: "close", in: "Connection")` tells whether the connection will close.
    public func contains(token: String, in name: String) -> Bool {
        var found = false
        forEachElement(of: name) { element in
            found = ASCII.equalsIgnoringCase(element, token)
            return !found
        }
        return found
    }

    /// Adds a field after the others, even if one has the same name.
    ///
    /// CR, LF and NUL in `value` become spaces and leading and trailing whitespace is
    /// dropped, so the field cannot split into several lines on the wire.
    /// - Precondition: `name` is a token (RFC 9110 §5.6.2), such as `Content-Type`.
    public mutating func add(name: String, value: String) {
        fields.append(Self.safeField(name: name, value: value))
    }

    /// Sets the field called `name` to `value`: the first such field takes the new value in
    /// place and any others are removed; if there was none, the field is added at the end.
    /// `value` is made safe as by ``add(name:value:)``.
    /// - Precondition: `name` is a token.
    public mutating func replace(name: String, value: String) {
        let field = Self.safeField(name: name, value: value)
        guard let index = fields.firstIndex(where: { ASCII.equalsIgnoringCase($0.name, name) }) else {
            fields.append(field)
            return
        }
        fields[index] = field
        fields[(index + 1)...].removeAll { ASCII.equalsIgnoringCase($0.name, name) }
    }

    /// Removes every field called `name`.
    public mutating func remove(name: String) {
        fields.removeAll { ASCII.equalsIgnoringCase($0.name, name) }
    }

    /// A field that can be written safely: `name` must be a token, and `value` is made safe
    /// with ``ASCII/headerSafe(_:)``.
    private static func safeField(name: String, value: String) -> Field {
        precondition(ASCII.isToken(name.utf8), "a header field name is a token, not \"\(name)\"")
        return Field(name: name, value: ASCII.headerSafe(value))
    }

    /// Adds a field already known safe (checked by the parser, or made by the server): a
    /// token name and a trimmed value without CR, LF or NUL.
    mutating func append(checked field: Field) {
        fields.append(field)
    }

    /// The number of fields called `name`.
    func count(of name: String) -> Int {
        fields.reduce(0) { $0 + (ASCII.equalsIgnoringCase($1.name, name) ? 1 : 0) }
    }

    /// Calls `visit` with each non-empty, trimmed list element of the fields called `name`,
    /// in order, while it returns true.
    private func forEachElement(of name: String, _ visit: (Substring) -> Bool) {
        for field in fields where ASCII.equalsIgnoringCase(field.name, name) {
            var rest = field.value.utf8[...]
            while true {
                let elementEnd = rest.firstIndex(of: ASCII.comma) ?? rest.endIndex
                let element = ASCII.trimmingWhitespace(rest[..<elementEnd])
                if !element.isEmpty, !visit(Substring(element)) { return }
                guard elementEnd < rest.endIndex else { break }
                rest = rest[rest.index(after: elementEnd)...]
            }
        }
    }
}
