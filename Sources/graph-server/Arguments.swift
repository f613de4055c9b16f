import Foundation

/// The command line: a subcommand, its positional arguments, `--name value` options and
/// `--flag` switches; each option may also come from a `GRAPH_SERVER_*` environment
/// variable, which the command line overrides.
struct Arguments {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private let environment: [String: String]

    /// Reads `arguments`, taking `valueOptions` with a value and `flagOptions` without;
    /// any other option is an error.
    init(
        _ arguments: some Sequence<String>, valueOptions: Set<String>, flagOptions: Set<String>,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        self.environment = environment
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let (name, inline) = Self.split(argument)
            if flagOptions.contains(name), inline == nil {
                flags.insert(name)
            } else if valueOptions.contains(name) {
                guard let value = inline ?? iterator.next() else { throw Failure(description: "\(name) needs a value") }
                values[name, default: []].append(value)
            } else {
                throw Failure(description: "unknown option \(argument)")
            }
        }
    }

    /// `--name=value` as (`--name`, `value`).
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Where the option's value came from, as an error names it: the option when it was
    /// given, else its environment variable (`GRAPH_SERVER_PORT`).
    func source(_ name: String) -> String {
        values[name] != nil || environment[Self.environmentName(name)] == nil ? name : Self.environmentName(name)
    }

    /// The option's last value, or else its environment variable's
    /// (`--max-upload-bytes` reads `GRAPH_SERVER_MAX_UPLOAD_BYTES`).
    func value(_ name: String) -> String? {
        values[name]?.last ?? environment[Self.environmentName(name)]
    }

    /// Every value of a repeatable option, or else its environment variable's, split at commas.
    func list(_ name: String) -> [String] {
        if let given = values[name] { return given }
        return environment[Self.environmentName(name)]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
    }

    /// The option as a whole number at least `minimum`.
    func integer(_ name: String, minimum: Int = 0) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw Failure(description: "\(source(name)) must be a whole number of at least \(minimum), not \"\(text)\"")
        }
        return number
    }

    /// The option as a number of seconds (fractions allowed), more than zero and at most a
    /// year.
    func duration(_ name: String) throws -> Duration? {
        guard let text = value(name) else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= 366 * 86400 else {
            throw Failure(description: "\(source(name)) must be a number of seconds above 0 and at most a year, not \"\(text)\"")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    static func environmentName(_ option: String) -> String {
        "GRAPH_SERVER_" + option.drop { $0 == "-" }.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}
