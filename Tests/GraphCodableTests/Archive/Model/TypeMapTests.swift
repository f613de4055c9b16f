import Foundation
import GraphCodable
import Testing

/// The type map lists every type of an archive, with what the decoder can resolve.
@Suite struct TypeMapTests {
    typealias A = InheritanceExamples.A
    typealias B = InheritanceExamples.B

    struct Holder: GCodable {
        static var typeVersion: UInt32 { 4 }
        var objects: [A]
        var weights: [Double]
        private enum Key: String { case objects, weights }
        init(objects: [A], weights: [Double]) {
            self.objects = objects
            self.weights = weights
        }
        init(from decoder: GDecoder) throws {
            objects = try decoder.decode(for: Key.objects)
            weights = try decoder.decode(for: Key.weights)
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(objects, for: Key.objects)
            try encoder.encode(weights, for: Key.weights)
        }
    }

    @Test func everyTypeWithItsInstancesAndResolvability() throws {
        let shared = B()
        let data = try GraphEncoder().encode(Holder(objects: [A(), shared, shared, B()], weights: [1, 2])) as Bytes
        let trusted = try GraphDecoder().typeMap(from: data)
        let byName = Dictionary(uniqueKeysWithValues: trusted.map { ($0.qualifiedName, $0) })

        let holder = try #require(byName["GraphCodableTests.TypeMapTests.Holder"])
        #expect(holder.kind == .valueType && holder.version == 4 && holder.instances == 1 && holder.isResolvable)
        let a = try #require(byName["GraphCodableTests.InheritanceExamples.A"])
        #expect(a.kind == .classType && a.instances == 1 && a.mangledName == _mangledTypeName(A.self))
        #expect(byName["GraphCodableTests.InheritanceExamples.B"]?.instances == 2)
        #expect(byName["Array"]?.kind == .nativeValue)
        #expect(byName["Array<Double>"]?.kind == .nativeLayout)
        #expect(byName["Array<Double>"]?.instances == 1)
        #expect(trusted.allSatisfy { $0.isResolvable })
        #expect(trusted.map(\.reference) == trusted.map(\.reference).sorted())

        let secure = try GraphDecoder(registry: GTypeRegistry([A.self])).typeMap(from: data)
        #expect(secure.filter { !$0.isResolvable }.map(\.qualifiedName) == ["GraphCodableTests.InheritanceExamples.B"])

        let decoder = GraphDecoder(registry: GTypeRegistry([A.self]))
        decoder.setClass(A.self, for: .qualifiedName("GraphCodableTests.InheritanceExamples.B"))
        let overridden = try decoder.typeMap(from: data)
        #expect(overridden.allSatisfy { $0.isResolvable })
    }
}
