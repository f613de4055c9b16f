import Foundation

extension ParsedArchive {
    /// The type references of Foundation's values stored as structured natives: the
    /// predefined codes from 44 on (index sets, time zones, locales…).
    static let foundationValueReferences = UInt32(NativeTypeCode.indexSet.rawValue) ..< TypeReference.firstTableReference

    /// Checks the Foundation values stored as structured natives by reading each with its
    /// Foundation type, as typed decoding does: their rules are Foundation's
    /// (Docs/ArchiveFormat.md). A value nested in another is checked as the other reads it,
    /// and one in a field the other does not read on its own; inside a value that breaks a
    /// rule, only that problem is reported. No class is looked up, and the nodes are not
    /// walked for an archive without such values.
    func checkFoundationValues(problems: ProblemLog?) throws {
        guard foundationValueCount > 0 else { return }
        // The reader of each type reference, found once rather than for every node (the
        // predefined references to Foundation's types are there in every archive).
        let readers = (0 ..< TypeReference.firstTableReference + UInt32(types.count)).map { reference -> Reader? in
            guard case .structured(let code)? = types.resolve(reference) else { return nil }
            return Self.foundationReaders[code]
        }
        var session: DecodingSession?
        var found: [NodeProblem] = [] // reported at the end, located in one walk
        let room = problems.room
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            guard node.kind == .val, Int(node.typeReference) < readers.count, let read = readers[Int(node.typeReference)],
                session?.hasRead(index) != true
            else {
                index += 1
                continue
            }
            let reader =
                session
                ?? DecodingSession(
                    archive: self, userInfo: [:], classLookup: ClassLookup(registry: GTypeRegistry()), checksFormatOnly: true)
            session = reader
            do {
                try read(reader, index)
                index += 1 // on to the values inside: those in fields it did not read are checked too
            } catch let error as GCodableError {
                found.append(NodeProblem(problem: error, node: index))
                if found.count >= room { break }
                index = node.next
            }
        }
        try reportLocated(found, to: problems)
    }

    /// Reads the node at an index as its Foundation type.
    private typealias Reader = @Sendable (DecodingSession, Int) throws -> Void

    /// How each Foundation structured native is read.
    private static let foundationReaders: [NativeTypeCode: Reader] = [
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
