extension ParsedArchive {
    /// Reads every native payload, logging those whose contents typed decoding would refuse
    /// (bad UTF-8, an out-of-range integer, a Bool that is neither 0 nor 1, two equal
    /// dictionary keys or set elements, range bounds out of order…): parsing checks lengths
    /// only. Sets and dictionaries stored node by node are checked too, where their elements
    /// or keys can be compared without Swift types: native payloads, and nil; and so are the
    /// Foundation values (``checkFoundationValues(problems:)``).
    func checkNativeContents(problems: ProblemLog?) throws {
        let contents = ContentChecks(types: types, internalVersion: header.internalBinaryIOVersion)
        var fields: [ArchiveNode] = []
        var payloads: [Range<Int>] = []
        var reader = payloadReader()
        var found: [NodeProblem] = [] // reported at the end, located in one walk
        let room = problems.room
        try bytes.withUnsafeBufferPointer { archive in
            for (index, node) in nodes.enumerated() {
                do {
                    switch (node.kind, contents[node.typeReference]) {
                    case (.biv, let check):
                        try contents.checkPayload(check, of: node, in: archive, reader: &reader)
                    case (.val, let check):
                        guard let stride = check.comparedFieldStride else { break }
                        fields.removeAll(keepingCapacity: true)
                        fields.append(contentsOf: comparedFields(of: index, every: stride))
                        try contents.checkUnique(fields[...], of: check, at: node.offset, in: archive, reader: &reader, payloads: &payloads)
                    default:
                        break
                    }
                } catch let error as GCodableError {
                    found.append(NodeProblem(problem: error, node: index))
                    if found.count >= room { break }
                }
            }
        }
        try reportLocated(found, to: problems)
        try checkFoundationValues(problems: problems)
    }
}
