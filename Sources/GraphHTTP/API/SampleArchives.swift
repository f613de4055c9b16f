import Synchronization

/// An archive the service offers as an example (the inspector's first screen opens them in
/// one click): made the first time it is asked for, then kept.
public final class SampleArchive: Sendable {
    /// The name in its path, `/v1/samples/NAME`.
    public let name: String
    /// What it holds, in a few words.
    public let summary: String
    private let make: @Sendable () throws -> [UInt8]
    private let made = Mutex<[UInt8]?>(nil)

    /// A sample `make` writes when first asked for.
    public init(name: String, summary: String, make: @escaping @Sendable () throws -> [UInt8]) {
        self.name = name
        self.summary = summary
        self.make = make
    }

    /// Its bytes, made once (while one request makes them, the others wait for them).
    func bytes() throws -> [UInt8] {
        try made.withLock { made in
            if let made { return made }
            let bytes = try make()
            made = bytes
            return bytes
        }
    }
}

/// `GET /v1/samples`, the names and summaries of the samples, and `GET /v1/samples/NAME`,
/// each sample's bytes.
struct SampleEndpoints {
    let samples: [SampleArchive]

    private struct Entry: Encodable {
        let name: String
        let summary: String
        let path: String
    }

    var routes: [Route] {
        let list = JSONBody.encode(["samples": samples.map { Entry(name: $0.name, summary: $0.summary, path: Self.path(of: $0)) }])
        return [Route(.get, "/v1/samples", quick: true) { _ in .json(list + Array("\n".utf8)) }]
            + samples.map { sample in
                Route(.get, Self.path(of: sample)) { _ in
                    do {
                        return .bytes(try sample.bytes(), contentType: "application/octet-stream")
                    } catch {
                        throw Problem(.internalError, "the sample \(sample.name) could not be made: \(error)")
                    }
                }
            }
    }

    private static func path(of sample: SampleArchive) -> String { "/v1/samples/\(sample.name)" }
}
