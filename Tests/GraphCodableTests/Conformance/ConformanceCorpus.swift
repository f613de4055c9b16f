/// The conformance corpus as the tests make it (``ValidCorpus``, ``InvalidCorpus``): every
/// file, and the valid and the invalid ones apart.
enum ConformanceCorpus {
    static let files: [CorpusFile] = ((try? ValidCorpus.files()) ?? []) + InvalidCorpus.files()
    static let valid = files.filter { if case .valid = $0.expectation { true } else { false } }
    static let invalid = files.filter { if case .invalid = $0.expectation { true } else { false } }
}
