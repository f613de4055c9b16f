import GraphCodable

/// The guide's smallest class hierarchy, which other tests archive too: `B` is an `A`, and
/// each comes back as its real class.
enum InheritanceExamples {
    class A: CustomStringConvertible, GCodable, Codable {
        class var typeVersion: UInt32 { 0 }
        init() {}
        required init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {}
        var description: String { "\(type(of: self))" }
    }

    class B: A {}
}
