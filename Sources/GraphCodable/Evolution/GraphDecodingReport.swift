/// What a decoding met: the classes it built, and the archived classes it replaced.
public struct GraphDecodingReport: Sendable, Equatable, CustomStringConvertible {
    /// One archived class decoded as another.
    public struct Replacement: Sendable, Hashable {
        /// The class the archive names.
        public var archived: String
        /// The class that decoded its instances.
        public var replacement: String

        /// Creates a replacement record.
        public init(archived: String, replacement: String) {
            self.archived = archived
            self.replacement = replacement
        }
    }

    /// The classes built, by name, sorted.
    public var decodedClasses: [String]
    /// The replacements made, sorted by archived class.
    public var replacements: [Replacement]

    /// The report as text: the decoded classes, then what replaced what.
    public var description: String {
        var lines = ["Decoded Classes: --------------------------"] + decodedClasses.map { "\t'\($0)'" }
        if !replacements.isEmpty {
            lines.append("where:")
            for replacement in replacements {
                lines.append("\t'\(replacement.archived)'")
                lines.append("\t\twas replaced by '\(replacement.replacement)'")
            }
        }
        return lines.joined(separator: "\n")
    }
}
