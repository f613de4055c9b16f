import Foundation

extension ParsedArchive {
    /// Checks the Foundation values stored as structured natives (codes 44 to 53: index
    /// sets, time zones, locales…) by reading each with its Foundation type, as typed
    /// decoding does: their rules are Foundation's (Docs/ArchiveFormat.md). A value nested in
    /// another is checked with it. No class is looked up, and no decoding session is made
    /// for an archive without such values.
    func checkFoundationValues(problems: ProblemLog?) throws {
        var session: DecodingSession?
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            guard node.kind == .val, case .structured(let code)? = types.resolve(node.typeReference),
                let read = Self.foundationReaders[code]
            else {
                index += 1
                continue
            }
            let reader = session ?? DecodingSession(archive: self, userInfo: [:], classLookup: ClassLookup(registry: GTypeRegistry()))
            session = reader
            do {
                try read(reader, index)
            } catch let error as GCodableError {
                try problems.report(error)
            }
            index = node.next
        }
    }

    /// How each Foundation structured native is read.
    private static let foundationReaders: [NativeTypeCode: @Sendable (DecodingSession, Int) throws -> Void] = [
        .indexSet: { _ = try $0.decodeNode($1) as IndexSet },
        .indexPath: { _ = try $0.decodeNode($1) as IndexPath },
        .dateComponents: { _ = try $0.decodeNode($1) as DateComponents },
        .timeZone: { _ = try $0.decodeNode($1) as TimeZone },
        .locale: { _ = try $0.decodeNode($1) as Locale },
        .characterSet: { _ = try $0.decodeNode($1) as CharacterSet },
        .personNameComponents: { _ = try $0.decodeNode($1) as PersonNameComponents },
        .measurement: { _ = try $0.decodeNode($1) as Measurement<Unit> },
        .urlComponents: { _ = try $0.decodeNode($1) as URLComponents },
        .calendar: { _ = try $0.decodeNode($1) as Calendar },
    ]
}
