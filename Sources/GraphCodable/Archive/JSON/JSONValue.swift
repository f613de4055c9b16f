/// A JSON value whose numbers keep their exact text, so that integers and floating-point
/// numbers convert without rounding.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number, as written in the JSON text.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object, with its members in order.
    case object([(key: String, value: JSONValue)])

}
