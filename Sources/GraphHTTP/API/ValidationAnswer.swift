import GraphCodable

/// The JSON answer of `/v1/validate`: every problem with its byte offset and node path, or,
/// for a valid archive, what it holds. Written by ``json``, by hand (it is made at every
/// validation); `Encodable` gives the members and the form ``JSONBody`` writes, which the
/// tests hold ``json`` to.
struct ValidationAnswer: Encodable {
    struct Problem: Encodable {
        let message: String
        let byteOffset: Int?
        /// The keys and indexes from the root, as `root.friends[1].name` (`root` for the root
        /// itself); from a node written after the root, as `object(5).children[0]`.
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
            Problem(
                message: $0.message, byteOffset: $0.byteOffset, nodePath: GCodableError.PathComponent.text(of: $0.path, from: $0.pathStart),
                rule: $0.rule?.rawValue)
        }
        nodeCounts = report.nodeCounts
        maximumDepth = report.maximumDepth
        typeCount = report.typeCount
        keyCount = report.keyCount
        objectCount = report.objectCount
    }

    /// The answer as ``JSONBody`` writes it: members sorted by name, absent ones left out.
    var json: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("byteCount")
        writer.value(byteCount)
        writer.key("keyCount")
        writer.value(keyCount)
        writer.key("maximumDepth")
        writer.value(maximumDepth)
        writer.key("nodeCounts")
        writer.beginObject()
        for (kind, count) in JSONWriter.sortedMembers(nodeCounts) {
            writer.key(kind)
            writer.value(count)
        }
        writer.endObject()
        writer.key("objectCount")
        writer.value(objectCount)
        writer.key("problems")
        writer.beginArray()
        for problem in problems {
            writer.beginObject()
            if let byteOffset = problem.byteOffset {
                writer.key("byteOffset")
                writer.value(byteOffset)
            }
            writer.key("message")
            writer.value(problem.message)
            writer.key("nodePath")
            writer.value(problem.nodePath)
            if let rule = problem.rule {
                writer.key("rule")
                writer.value(rule)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("typeCount")
        writer.value(typeCount)
        writer.key("valid")
        writer.value(valid)
        writer.endObject()
        return writer.bytes
    }
}
