import Foundation
import GraphCodable
import Testing

@testable import GraphHTTP

/// Problems as RFC 9457 answers, and the codec's errors as problems that say where.
@Suite struct ProblemTests {
    static func object(_ response: Response) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    @Test func aProblemIsAnApplicationProblemJSONAnswer() throws {
        let problem = Problem(.serverBusy, "try later", members: ["queued": .integer(3)], headers: ["Retry-After": "1"])
        let response = problem.response
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers.first("Content-Type") == "application/problem+json")
        #expect(response.headers.first("Retry-After") == "1")
        let object = try Self.object(response)
        #expect(object["type"] as? String == "urn:graphcodable:problem:server-busy")
        #expect(object["title"] as? String == "The server is busy")
        #expect(object["status"] as? Int == 503)
        #expect(object["detail"] as? String == "try later")
        #expect(object["queued"] as? Int == 3)
    }

    /// Standard members win over added ones of the same name.
    @Test func addedMembersCannotReplaceTheStandardOnes() throws {
        let object = try Self.object(Problem(.notFound, "gone", members: ["status": .integer(200), "type": .string("x")]).response)
        #expect(object["status"] as? Int == 404)
        #expect(object["type"] as? String == "urn:graphcodable:problem:not-found")
    }

    /// A truncated archive's error keeps its byte offset as a member and in the detail.
    @Test func codecErrorsSayWhere() throws {
        var archive = try GraphEncoder().encode(["a": [1, 2, 3]]) as Bytes
        archive.removeLast(3)
        do {
            _ = try GraphDecoder().decode([String: [Int]].self, from: archive)
            Issue.record("a truncated archive decoded")
        } catch let error as GCodableError {
            let problem = Problem(error)
            #expect(problem.kind == .invalidArchive)
            guard case .integer(let offset)? = problem.members["byteOffset"] else {
                Issue.record("no byteOffset in \(problem)")
                return
            }
            #expect(problem.detail.contains("byte offset \(offset)"))
        }
    }

    /// Codec errors map to kinds: decoding failures are the type's, limits their own.
    @Test func codecErrorKinds() throws {
        let limited = Problem(GCodableError.limitExceeded(.init(debugDescription: "too many nodes")))
        #expect(limited.kind == .archiveLimitExceeded)
        let mismatch = Problem(GCodableError.typeMismatch(Int.self, .init(debugDescription: "not an Int")), decodingKind: .cannotDecode)
        #expect(mismatch.kind == .cannotDecode)
        #expect(mismatch.kind.status == .unprocessableContent)
    }
}
