import GraphCodable

extension Problem {
    /// The answer to a codec error: the kind its case calls for (`invalidKind` for invalid
    /// input, `decodingKind` for decoding failures), its message as the detail, and where it
    /// happened as members (`byteOffset`, `nodePath`), and the format rule broken (`rule`).
    init(_ error: GCodableError, invalidKind: Kind = .invalidArchive, decodingKind kind: Kind = .cannotDecode) {
        var members: [String: ProblemMember] = [:]
        if let offset = error.context.byteOffset { members["byteOffset"] = .integer(offset) }
        let path = error.context.pathText
        if let path { members["nodePath"] = .string(path) }
        if let rule = error.context.rule { members["rule"] = .string(rule.rawValue) }
        var shortened = error
        shortened.context.path = []
        shortened.context.pathStart = GCodableError.Context.rootStart
        shortened.context.byteOffset = nil
        let problemKind: Kind =
            switch error {
            case .limitExceeded: .archiveLimitExceeded
            case .invalidArchive, .dataCorrupted: invalidKind
            case .typeMismatch, .keyNotFound, .valueNotFound, .cycle, .unsupportedVersion, .cannotEncode: kind
            case .internalInconsistency: .internalError
            }
        var detail = "\(shortened)"
        if let path { detail += " (at \(path))" }
        if let offset = error.context.byteOffset { detail += " (byte offset \(offset))" }
        self.init(problemKind, detail, members: members)
    }
}
