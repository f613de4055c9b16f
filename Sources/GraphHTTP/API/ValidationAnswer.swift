import GraphCodable

/// The JSON answer of `/v1/validate`: every problem with its byte offset and node path, or,
/// for a valid archive, what it holds.
struct ValidationAnswer: Encodable {
    struct Problem: Encodable {
        let message: String
        let byteOffset: Int?
        /// The keys and indexes from the root, as `"friends"[1]"name"`; empty at the root.
        /// In a node written after the root, from that node, which the message names.
        let nodePath: String
        /// The name of the format rule broken (Docs/ArchiveFormat.md, rule index), when it is one.
        let rule: String?
    }

    let valid: Bool
    let byteCount: Int
    let problems: [Problem]
    let nodeCounts: [String: Int]
    let maximumDepth: Int
    let typeCount: Int
    let keyCount: Int
    let objectCount: Int

    init(_ report: GraphValidationReport) {
        valid = report.isValid
        byteCount = report.byteCount
        problems = report.problems.map {
            Problem(message: $0.message, byteOffset: $0.byteOffset, nodePath: GCodableError.PathComponent.text(of: $0.path),
                    rule: $0.rule?.rawValue)
        }
        nodeCounts = report.nodeCounts
        maximumDepth = report.maximumDepth
        typeCount = report.typeCount
        keyCount = report.keyCount
        objectCount = report.objectCount
    }
}
