extension Problem {
    /// The answer to a request the parser refused, by the status it chose.
    init(_ error: HTTPParseError) {
        let kind: Kind =
            switch error.status.code {
            case 413: .uploadTooLarge
            case 414: .targetTooLong
            case 417: .unsupportedExpectation
            case 431: .headersTooLarge
            case 501: .unsupportedTransferCoding
            case 505: .unsupportedVersion
            default: .malformedRequest
            }
        self.init(kind, error.message)
    }
}
