import Foundation
import Testing

@testable import GraphHTTP

/// The documents the server serves from `Sources/GraphHTTP/Generated/` are the repository's
/// files: after editing `openapi.yaml` or `inspector.html`, run `Scripts/embed-documents.py`.
@Suite struct GeneratedDocumentsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theServedContractIsOpenAPIYAML() throws {
        let isFresh = OpenAPIDocument.text == (try Self.file("openapi.yaml"))
        #expect(isFresh, "Generated/OpenAPIDocument.swift is stale: run Scripts/embed-documents.py")
    }

    @Test func theServedPageIsInspectorHTML() throws {
        let isFresh = InspectorPage.html == (try Self.file("Sources/GraphHTTP/Inspector/inspector.html"))
        #expect(isFresh, "Generated/InspectorPage.swift is stale: run Scripts/embed-documents.py")
    }
}
