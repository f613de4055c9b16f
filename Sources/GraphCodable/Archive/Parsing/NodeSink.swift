/// Where the body parser puts the nodes it reads, in body order: the list of every node
/// that a parsed archive keeps (``NodeList/Builder``), or a one-pass validator that checks and counts
/// them and keeps none (``OnePassValidator``, validation in one pass).
protocol NodeSink: ~Copyable {
    /// The nodes received so far: the index the next one takes.
    var count: Int { get }
    /// The nodes it has room for; the parse makes more room as the count reaches it.
    var capacity: Int { get }
    mutating func reserveCapacity(_ capacity: Int)

    /// Takes the next node; `bytes` are the archive's.
    mutating func receive(_ node: ArchiveNode, in bytes: UnsafeBufferPointer<UInt8>) throws

    /// Ends the fields of the `VAL`/`REF` at `index`: they stop before node `next`, and
    /// `unkeyedFieldCount` of them are unkeyed; `bytes` are the archive's. A validator checks
    /// then what it kept of the fields.
    mutating func close(_ index: Int, next: Int, unkeyedFieldCount: UInt32, in bytes: UnsafeBufferPointer<UInt8>) throws
}

/// A sink that keeps no node, but works on each as the parse hands it over (validation in
/// one pass, conversion, the dump, the JSON form): it has room for every node and reserves
/// none.
protocol NodeSinkKeepingNothing: NodeSink {}

extension NodeSinkKeepingNothing {
    var capacity: Int { .max }

    func reserveCapacity(_ capacity: Int) {}
}
