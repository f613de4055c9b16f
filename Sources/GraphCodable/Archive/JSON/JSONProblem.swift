/// A problem met while reading a checked ``JSONText``: at the value in error, or at the
/// object that lacks the member `member`.
struct JSONProblem: Error {
    let message: String
    let offset: Int
    var member: String?

    init(_ message: String, at position: JSONPosition, member: String? = nil) {
        self.message = message
        offset = position.offset
        self.member = member
    }

    /// A problem with the member `name` of the object at `object`, whose value is `value`
    /// (nil when it is absent).
    init(_ message: String, member name: String, value: JSONPosition?, of object: JSONPosition) {
        self.init(message, at: value ?? object, member: value == nil ? name : nil)
    }

    /// The error, naming the JSON path of the problem and the byte offset in the text of
    /// its value; of the kind of `found`, an error found in the archive the JSON makes,
    /// whose format rule it keeps.
    func error(in text: JSONText, as found: GCodableError? = nil) -> GCodableError {
        var path = text.path(to: offset)
        if let member { path.append(.key(member)) }
        var context = GCodableError.Context(debugDescription: message, path: path, byteOffset: offset)
        context.pathStart = JSONText.pathStart
        context.rule = found?.context.rule
        guard var found else { return .dataCorrupted(context) }
        found.context = context
        return found
    }
}
