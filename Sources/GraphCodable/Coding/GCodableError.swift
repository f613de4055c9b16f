/// The errors GraphCodable throws while encoding, decoding or inspecting archives.
///
/// Every case carries a ``Context``: what went wrong and where, as a path of keys and
/// indexes from the root (see ``Context/path``) and, for problems found in the bytes, the
/// byte offset.
public enum GCodableError: Error, CustomStringConvertible {
    /// One step of the path to the value in error.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A keyed field.
        case key(String)
        /// The n-th unkeyed field of a value (0-based).
        case index(Int)

        /// The step as a path writes it: `.name` for a key that is an identifier, `["first
        /// name"]` (a JSON string) for any other key, `[1]` for an index. A key is shown as
        /// messages show text from archives: its first 100 characters, controls escaped.
        public var description: String {
            switch self {
            case .key(let key):
                let shown = ShownText.shown(key)
                return shown == key && Self.isIdentifier(key) ? ".\(key)" : "[\(JSONTextWriter.quoted(shown))]"
            case .index(let index): return "[\(index)]"
            }
        }

        /// A path as text: where it starts, then its steps (`root.friends[1].name`), its middle
        /// cut when it has more than 32 steps (the paths of deep archives have thousands).
        public static func text(of path: [PathComponent], from start: String = Context.rootStart) -> String {
            start + joined(path.map(\.description))
        }

        /// Whether `key` is written after a dot: a letter, `_` or `$`, then those or digits.
        static func isIdentifier(_ key: String) -> Bool {
            guard let first = key.unicodeScalars.first, !("0" ... "9").contains(first) else { return false }
            return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0" ... "9").contains($0) }
        }

        /// `steps` joined, the middle cut when there are more than 32 of them.
        static func joined(_ steps: [String]) -> String {
            joined(count: steps.count) { steps[$0] }
        }

        /// The `count` steps that `step` writes, joined, the middle cut when there are more
        /// than 32 of them: only the steps shown are written.
        static func joined(count: Int, _ step: (Int) -> String) -> String {
            let half = 16
            guard count > 2 * half else { return (0 ..< count).map(step).joined() }
            return (0 ..< half).map(step).joined() + "…(\(count - 2 * half) more)…" + (count - half ..< count).map(step).joined()
        }
    }

    /// What went wrong, and where.
    public struct Context: Sendable, CustomStringConvertible {
        /// A human-readable explanation.
        public var debugDescription: String
        /// The path of keys and indexes from the root to the value in error; or, in an
        /// archive, from the node written after the root that ``pathStart`` and the
        /// description name; or, in a JSON form, from the document.
        public var path: [PathComponent]
        /// Where ``path`` starts, as its text begins: `root`, `object(5)` for a node written
        /// after the root (object id 5), `$` for a JSON form's document.
        public var pathStart = Context.rootStart
        /// The offset in the archive of the byte in error, when known.
        public var byteOffset: Int?
        /// The error that caused this one, if any.
        public var underlyingError: (any Error)?
        /// The rule of the archive format found broken, for an error in an archive's bytes.
        public var rule: FormatRule?

        /// Creates a context.
        public init(
            debugDescription: String, path: [PathComponent] = [], byteOffset: Int? = nil,
            underlyingError: (any Error)? = nil
        ) {
            self.debugDescription = debugDescription
            self.path = path
            self.byteOffset = byteOffset
            self.underlyingError = underlyingError
        }

        /// The start of paths from the root.
        public static let rootStart = "root"

        /// The path as text: ``pathStart``, then the steps (`root.friends[1].name`); nil for
        /// the root itself.
        public var pathText: String? {
            path.isEmpty && pathStart == Self.rootStart ? nil : PathComponent.text(of: path, from: pathStart)
        }

        public var description: String {
            var text = debugDescription
            if let pathText { text += " (at \(pathText))" }
            if let byteOffset { text += " (byte offset \(byteOffset))" }
            if let underlyingError { text += " [caused by: \(underlyingError)]" }
            return text
        }
    }

    /// The library reached a state it should never reach, or a method that must not be called.
    case internalInconsistency(Any.Type, Context)
    /// The bytes are not a well-formed archive: bad magic, unsupported version, truncation,
    /// failed checksum, malformed structure.
    case invalidArchive(Context)
    /// The bytes of a value cannot form a value of its type (invalid UTF-8, a range whose
    /// lower bound exceeds its upper bound, a read past the end of the value…).
    case dataCorrupted(Context)
    /// The archive holds a different kind of value than the type being decoded expects.
    case typeMismatch(Any.Type, Context)
    /// A keyed value was requested that the archive does not hold.
    case keyNotFound(String, Context)
    /// A value was requested where the archive holds `nil` or no more unkeyed values.
    case valueNotFound(Any.Type, Context)
    /// The value cannot be encoded.
    case cannotEncode(Any.Type, Context)
    /// The graph holds a cycle that `decode` cannot build; break it with `deferDecode`.
    case cycle(Context)
    /// The archive holds a version of the type that its migration chain does not know.
    case unsupportedVersion(Any.Type, Context)
    /// The archive exceeds one of the decoder's ``ArchiveLimits``.
    case limitExceeded(Context)

    /// The context of the error.
    public var context: Context {
        get {
            switch self {
            case .internalInconsistency(_, let context), .invalidArchive(let context),
                .dataCorrupted(let context), .typeMismatch(_, let context),
                .keyNotFound(_, let context), .valueNotFound(_, let context),
                .cannotEncode(_, let context), .cycle(let context), .unsupportedVersion(_, let context),
                .limitExceeded(let context):
                return context
            }
        }
        set {
            switch self {
            case .internalInconsistency(let type, _): self = .internalInconsistency(type, newValue)
            case .invalidArchive: self = .invalidArchive(newValue)
            case .dataCorrupted: self = .dataCorrupted(newValue)
            case .typeMismatch(let type, _): self = .typeMismatch(type, newValue)
            case .keyNotFound(let key, _): self = .keyNotFound(key, newValue)
            case .valueNotFound(let type, _): self = .valueNotFound(type, newValue)
            case .cannotEncode(let type, _): self = .cannotEncode(type, newValue)
            case .cycle: self = .cycle(newValue)
            case .unsupportedVersion(let type, _): self = .unsupportedVersion(type, newValue)
            case .limitExceeded: self = .limitExceeded(newValue)
            }
        }
    }

    public var description: String {
        switch self {
        case .internalInconsistency(let type, let context):
            return "Internal inconsistency (\(type)): \(context)"
        case .invalidArchive(let context): return "Invalid archive: \(context)"
        case .dataCorrupted(let context): return "Corrupted data: \(context)"
        case .typeMismatch(let type, let context): return "Type mismatch for \(type): \(context)"
        case .keyNotFound(let key, let context): return "Key \"\(key)\" not found: \(context)"
        case .valueNotFound(let type, let context): return "Value of type \(type) not found: \(context)"
        case .cannotEncode(let type, let context): return "Cannot encode \(type): \(context)"
        case .cycle(let context): return "Unbreakable cycle: \(context)"
        case .unsupportedVersion(let type, let context): return "Unsupported version of \(type): \(context)"
        case .limitExceeded(let context): return "Limit exceeded: \(context)"
        }
    }

    /// Returns the error with `component` put in front of its path.
    func prefixingPath(with component: PathComponent) -> GCodableError {
        prefixingPath(with: [component])
    }

    /// Returns the error with `components` put in front of its path.
    func prefixingPath(with components: [PathComponent]) -> GCodableError {
        var error = self
        error.context.path.insert(contentsOf: components, at: 0)
        return error
    }

    /// The error of a field-by-field requirement of a binary type, which coders never call.
    static func unreachable(_ type: Any.Type) -> GCodableError {
        .internalInconsistency(type, Context(debugDescription: "Unreachable code."))
    }

    /// Bytes or a decoded value whose contents cannot form a value of its type; `offset` when
    /// known (a value's own checks know none: the decoder gives it its node's).
    static func corrupted(_ description: String, rule: FormatRule? = nil, at offset: Int? = nil) -> GCodableError {
        var context = Context(debugDescription: description, byteOffset: offset)
        context.rule = rule
        return .dataCorrupted(context)
    }

    /// A value the archive holds as the format allows that this platform cannot build: a
    /// locale, time zone or calendar its Foundation does not know. No rule is broken.
    static func unknownHere(_ description: String) -> GCodableError {
        .dataCorrupted(Context(debugDescription: description, underlyingError: UnknownHere()))
    }

    /// Whether this is an ``unknownHere(_:)`` error.
    var isUnknownHere: Bool { context.underlyingError is UnknownHere }

    /// Whether this is about what a value holds (a field missing or of another type, a
    /// value that cannot be): not a limit, a cycle or a value this platform does not know.
    var isAboutAValue: Bool {
        switch self {
        case .dataCorrupted: !isUnknownHere
        case .typeMismatch, .keyNotFound, .valueNotFound: true
        case .internalInconsistency, .invalidArchive, .cannotEncode, .cycle, .unsupportedVersion, .limitExceeded: false
        }
    }

    /// The cause of an ``unknownHere(_:)`` error.
    private struct UnknownHere: Error {}

    static func limit(_ description: String, at offset: Int) -> GCodableError {
        .limitExceeded(Context(debugDescription: description, byteOffset: offset))
    }

    static func invalid(_ description: String, rule: FormatRule? = nil, at offset: Int? = nil) -> GCodableError {
        var context = Context(debugDescription: description, byteOffset: offset)
        context.rule = rule
        return .invalidArchive(context)
    }

    /// A value of `type` that cannot be archived faithfully.
    static func cannotEncode(_ type: Any.Type, _ description: String) -> GCodableError {
        .cannotEncode(type, Context(debugDescription: description))
    }
}
