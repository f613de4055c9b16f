import Foundation

/// Files of the repository the tests read: the documents and the fixtures they check.
enum Repository {
    /// The repository's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The file or directory at `path`, from the root.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// An archive that the old program of the evolution tests wrote
    /// (Tests/Fixtures/Evolution, Scripts/make-evolution-fixtures.sh).
    static func evolutionFixture(_ name: String) throws -> Data {
        try Data(contentsOf: url("Tests/Fixtures/Evolution/\(name)"))
    }
}
