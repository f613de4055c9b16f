/// Writes metrics in the Prometheus text exposition format (version 0.0.4): a `# HELP` and
/// a `# TYPE` line per metric family, then one line per sample.
struct PrometheusText {
    private(set) var text = ""

    /// Starts a family.
    mutating func family(_ name: String, type: String, help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// One sample of `name` with `labels`.
    mutating func sample(_ name: String, labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(Self.escaped($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A label value with its backslashes, quotes and newlines escaped.
    private static func escaped(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A sample value: integers without a fraction, `+Inf` for infinity.
    static func number(_ value: Double) -> String {
        if value == .infinity { return "+Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
