import Foundation
import GraphCodable
import Testing

/// Archives written by the old program decode with the new definitions.
@Suite struct EvolutionTests {
    @Test func typeVersionsSelectTheLayout() throws {
        let old = try GraphDecoder().decode(Versioning.MyData.self, from: try Repository.evolutionFixture("versioning.graph"))
        #expect("\(old)" == "MyData(string: \"3\")")
        let current = try GraphEncoder().encode(Versioning.MyData(string: "new")) as Bytes
        #expect(try GraphDecoder().decode(Versioning.MyData.self, from: current).string == "new")
        #expect(try GraphDecoder().dump(from: current, options: .showReferenceMap).contains("EncodedVersion = 1"))
    }

    @Test func anObsoleteClassIsReplacedByItsReplacementType() throws {
        let decoder = GraphDecoder()
        let data = try Repository.evolutionFixture("obsoleting.graph")
        let outRoot = try decoder.decode(Obsoleting.MyNewData.self, from: data)
        #expect("\(outRoot)" == "MyNewData(string: 3)")
        #expect(outRoot.replaced == "MyData")
        #expect(decoder.decodingReport?.replacements == [.init(archived: "MyData", replacement: "MyNewData")])
        // The replacement still decodes its own archives without a replaced type.
        let own = try GraphDecoder().decode(
            Obsoleting.MyNewData.self, from: try GraphEncoder().encode(Obsoleting.MyNewData(string: "x")) as Bytes)
        #expect(own.string == "x" && own.replaced == nil)
    }

    @Test func valueTypesHaveVersionsToo() throws {
        let old = try GraphDecoder().decode([ValueVersioning.Point].self, from: try Repository.evolutionFixture("point-v0.graph"))
        #expect(old == [ValueVersioning.Point(x: 1, y: -2)])
        let current = [ValueVersioning.Point(x: 0.5, y: 2)]
        #expect(try GraphDecoder().decode([ValueVersioning.Point].self, from: try GraphEncoder().encode(current) as Bytes) == current)
    }

    @Test func severalClassesCanBeReplacedByOne() throws {
        let decoder = GraphDecoder()
        let both = try decoder.decode(Obsoleting.Both.self, from: try Repository.evolutionFixture("obsoleting-two.graph"))
        #expect(both.first.string == "7" && both.first.replaced == "MyData")
        #expect(both.second.string == "seven" && both.second.replaced == "MyText")
        #expect(decoder.decodingReport?.decodedClasses == ["MyNewData"])
        #expect(decoder.decodingReport?.replacements.map(\.archived) == ["MyData", "MyText"])
    }

    @Test func setClassMapsAnArchivedNameToAnotherClass() throws {
        let data = try Repository.evolutionFixture("obsoleting.graph")
        let map = try GraphDecoder().dump(from: data, options: [.showReferenceMap, .showMangledNamesInReferenceMap])
        let mangled = try #require(map.split(separator: "\n").first { $0.contains("MangledName") }?.split(separator: "=").last)
            .trimmingCharacters(in: .whitespaces)
        #expect(mangled == _mangledTypeName(Obsoleting.MyData.self))

        let byMangledName = GraphDecoder()
        byMangledName.setClass(Obsoleting.RenamedData.self, for: .mangledName(mangled))
        #expect(try byMangledName.decode(Obsoleting.RenamedData.self, from: data).string == "3")

        let byQualifiedName = GraphDecoder()
        byQualifiedName.setClass(Obsoleting.RenamedData.self, for: .qualifiedName("GraphCodableTests.Obsoleting.MyData"))
        #expect(try byQualifiedName.decode(Obsoleting.RenamedData.self, from: data).string == "3")
        #expect(
            byQualifiedName.decodingReport?.replacements == [
                .init(archived: "GraphCodableTests.Obsoleting.MyData", replacement: "RenamedData")
            ])
    }

    @Test func genericParametersAreReplacedRecursively() throws {
        let decoder = GraphDecoder()
        let outRoot = try decoder.decode(
            Generics.Model<Generics.Couple<Double, Int>>.self, from: try Repository.evolutionFixture("generics.graph"))
        #expect("\(outRoot)" == "Model<Couple<Double, Int>> = { value = (((1.0 <-> 3) <-> 1) <-> P) }")
        #expect(
            decoder.decodingReport?.description == """
                Decoded Classes: --------------------------
                \t'Couple<Couple<Couple<Double, Int>, Int>, String>'
                \t'Couple<Couple<Double, Int>, Int>'
                \t'Couple<Double, Int>'
                \t'Model<Couple<Double, Int>>'
                where:
                \t'Model<Pair<Double, Int>>'
                \t\twas replaced by 'Model<Couple<Double, Int>>'
                \t'Pair<Double, Int>'
                \t\twas replaced by 'Couple<Double, Int>'
                \t'Pair<Pair<Double, Int>, Int>'
                \t\twas replaced by 'Couple<Couple<Double, Int>, Int>'
                \t'Pair<Pair<Pair<Double, Int>, Int>, String>'
                \t\twas replaced by 'Couple<Couple<Couple<Double, Int>, Int>, String>'
                """)

        // The new program's own archive decodes with no replacement.
        let current = try GraphEncoder().encode(Generics.Model(integer: 1, string: "P", value: Generics.Couple(1.0, 3))) as Bytes
        let again = try decoder.decode(Generics.Model<Generics.Couple<Double, Int>>.self, from: current)
        #expect("\(again)" == "\(outRoot)")
        #expect(decoder.decodingReport?.replacements.isEmpty == true)
        #expect(decoder.decodingReport?.decodedClasses.count == 4)
    }

    @Test func binaryIOVersionsReadOlderLayouts() throws {
        let old = try GraphDecoder().decode([Binary.NumericData].self, from: try Repository.evolutionFixture("numeric-v0.graph"))
        #expect(
            old == [Binary.NumericData(vector: SIMD3(1, 2, 3), flag: false), Binary.NumericData(vector: SIMD3(-1, 0, 0.5), flag: false)])
        let values = [Binary.NumericData(vector: SIMD3(4, 5, 6), flag: true)]
        for version in [Binary.Version.initial, .withFlag] {
            let data = try GraphEncoder(binaryIOVersion: version.rawValue).encode(values) as Bytes
            let decoded = try GraphDecoder().decode([Binary.NumericData].self, from: data)
            #expect(decoded[0].flag == (version == .withFlag))
            #expect(decoded[0].vector == values[0].vector)
        }
    }

    @Test func aStructMigratesThroughItsChain() throws {
        let fromV1 = try GraphDecoder().decode([Migration.Person].self, from: try Repository.evolutionFixture("person-v1.graph"))
        #expect(fromV1[0].name.givenName == "Ada" && fromV1[0].name.familyName == "Lovelace")

        let v2 = try GraphEncoder().encode([Migration.PersonV2(givenName: "Grace", familyName: "Hopper")]) as Bytes
        let fromV2 = try GraphDecoder().decode([Migration.Person].self, from: v2)
        #expect(fromV2[0].name.givenName == "Grace" && fromV2[0].name.familyName == "Hopper")

        let current = [Migration.Person(name: fromV2[0].name)]
        #expect(try GraphDecoder().decode([Migration.Person].self, from: try GraphEncoder().encode(current) as Bytes) == current)
    }

    @Test func aClassMigratesThroughItsChain() throws {
        let fromV1 = try GraphDecoder().decode([Migration.Account].self, from: try Repository.evolutionFixture("account-v1.graph"))
        #expect(fromV1[0].amount == Decimal(string: "123.45"))
        #expect(fromV1[0].currency == "EUR")
        let current = try GraphEncoder().encode([Migration.Account(amount: 7, currency: "USD")]) as Bytes
        #expect(try GraphDecoder().decode([Migration.Account].self, from: current)[0].currency == "USD")
    }

    @Test func aVersionOutsideTheChainIsAnError() throws {
        let data = try GraphEncoder().encode(Migration.PersonV9()) as Bytes
        do {
            _ = try GraphDecoder().decode(Migration.Person.self, from: data)
            Issue.record("decoded an unknown version")
        } catch GCodableError.unsupportedVersion(let type, let context) {
            #expect(type is Migration.Person.Type)
            #expect(context.debugDescription.contains("version 9"))
            #expect(context.debugDescription.contains("versions 1, 2, 3"))
        }
    }
}
