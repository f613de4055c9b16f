import Foundation
import GraphCodable
import Testing

/// Identity, as the user guides' examples use it: references and identified values shared
/// by several fields come back shared, conditional references come back only when some
/// strong reference kept their object, DAGs and cycles (broken with `deferDecode`) come
/// back with their shape, and copy-on-write values keep their shared storage.
@Suite struct GuideIdentityTests {
    // MARK: Reference and value identity

    final class RefExample: GCodable, Equatable, Codable {
        private(set) var name: String
        private(set) var examples: [RefExample]

        init(name: String, examples: [RefExample] = []) {
            self.name = name
            self.examples = examples
        }

        private enum Key: String { case name, examples }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            examples = try decoder.decode(for: Key.examples)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(examples, for: Key.examples)
        }

        static func == (lhs: RefExample, rhs: RefExample) -> Bool {
            lhs.name == rhs.name && lhs.examples == rhs.examples
        }
    }

    struct ValueExample: GCodable, Equatable, Codable, Identifiable, GIdentifiable {
        var id = UUID()
        private(set) var name: String
        private(set) var examples: [ValueExample]

        init(name: String, examples: [ValueExample] = []) {
            self.name = name
            self.examples = examples
        }

        private enum Key: String { case name, examples }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            examples = try decoder.decode(for: Key.examples)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(examples, for: Key.examples)
        }

        enum CodingKeys: String, CodingKey { case name, examples }

        init(from decoder: Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            name = try values.decode(String.self, forKey: .name)
            examples = try values.decode([ValueExample].self, forKey: .examples)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(examples, forKey: .examples)
        }

        static func == (lhs: ValueExample, rhs: ValueExample) -> Bool {
            lhs === rhs || (lhs.name == rhs.name && lhs.examples == rhs.examples)
        }

        static func === (lhs: ValueExample, rhs: ValueExample) -> Bool { lhs.id == rhs.id }
    }

    @Test func sharedReferencesStayShared() throws {
        let eA = RefExample(name: "exampleA")
        let inRoot = RefExample(name: "exampleB", examples: [eA, eA, eA])
        let data = try GraphEncoder().encode(inRoot) as Bytes
        let outRoot = try GraphDecoder().decode(type(of: inRoot), from: data)
        #expect(outRoot == inRoot)
        #expect(outRoot.examples[0] === outRoot.examples[1])
        #expect(outRoot.examples[0] === outRoot.examples[2])

        let json = try JSONDecoder().decode(RefExample.self, from: try JSONEncoder().encode(inRoot))
        #expect(json.examples[0] !== json.examples[1])
    }

    @Test func identifiedValuesAreStoredOnce() throws {
        let eA = ValueExample(name: "exampleA")
        let inRoot = ValueExample(name: "exampleB", examples: [eA, eA, eA])
        let data = try GraphEncoder().encode(inRoot) as Bytes
        let outRoot = try GraphDecoder().decode(type(of: inRoot), from: data)
        #expect(outRoot == inRoot)
        #expect(outRoot.examples[0] === outRoot.examples[1])
        #expect(outRoot.examples[0] === outRoot.examples[2])
        let dump = try GraphDecoder().dump(from: data)
        #expect(dump.components(separatedBy: "\"exampleA\"").count == 2)
        #expect(dump.components(separatedBy: "- PTS0002").count == 3)

        let json = try JSONDecoder().decode(ValueExample.self, from: try JSONEncoder().encode(inRoot))
        #expect(!(json.examples[0] === json.examples[1]))
    }

    // MARK: Conditional encoding

    final class ConditionalList: GCodable {
        private(set) var next: ConditionalList?

        init(_ next: ConditionalList? = nil) { self.next = next }

        private enum Key: String { case next }

        func encode(to encoder: GEncoder) throws {
            try encoder.encodeConditional(next, for: Key.next)
        }

        init(from decoder: GDecoder) throws {
            next = try decoder.decode(for: Key.next)
        }
    }

    @Test func conditionalReferencesLiveOnlyIfStoredUnconditionally() throws {
        let a = ConditionalList()
        let b = ConditionalList(a)
        let c = ConditionalList(b)

        func roundTrip(_ root: [String: ConditionalList]) throws -> [String: ConditionalList] {
            try GraphDecoder().decode([String: ConditionalList].self, from: try GraphEncoder().encode(root) as Bytes)
        }

        let all = try roundTrip(["a": a, "b": b, "c": c])
        #expect(all["c"]!.next != nil)
        #expect(all["b"]!.next != nil)
        #expect(all["c"]!.next === all["b"])
        #expect(all["b"]!.next === all["a"])

        let withoutA = try roundTrip(["b": b, "c": c])
        #expect(withoutA["c"]!.next != nil)
        #expect(withoutA["b"]!.next == nil)

        let withoutB = try roundTrip(["a": a, "c": c])
        #expect(withoutB["c"]!.next == nil)
    }

    struct VeryLargeData: GCodable, Identifiable, GIdentifiable {
        let id = UUID()
        let veryLargeData: String

        init(_ veryLargeData: String = "very large data") { self.veryLargeData = veryLargeData }

        func encode(to encoder: GEncoder) throws { try encoder.encode(veryLargeData) }
        init(from decoder: GDecoder) throws { veryLargeData = try decoder.decode() }
    }

    struct HolderA: GCodable {
        var data: VeryLargeData
        init(data: VeryLargeData) { self.data = data }
        private enum Key: String { case data }
        func encode(to encoder: GEncoder) throws { try encoder.encode(data, for: Key.data) }
        init(from decoder: GDecoder) throws { data = try decoder.decode(for: Key.data) }
    }

    struct HolderB: GCodable {
        var data: VeryLargeData?
        init(data: VeryLargeData) { self.data = data }
        private enum Key: String { case data }
        func encode(to encoder: GEncoder) throws { try encoder.encodeConditional(data, for: Key.data) }
        init(from decoder: GDecoder) throws { data = try decoder.decode(for: Key.data) }
    }

    struct LargeModel: GCodable {
        var a: HolderA?
        var b: HolderB
        init(a: HolderA?, b: HolderB) {
            self.a = a
            self.b = b
        }
        private enum Key: String { case a, b }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(a, for: Key.a)
            try encoder.encode(b, for: Key.b)
        }
        init(from decoder: GDecoder) throws {
            a = try decoder.decodeIfPresent(for: Key.a)
            b = try decoder.decode(for: Key.b)
        }
    }

    @Test func conditionalValuesWithIdentityAreNotDuplicated() throws {
        let a = HolderA(data: VeryLargeData())
        let b = HolderB(data: a.data)

        let both = try GraphEncoder().encode(LargeModel(a: a, b: b)) as Bytes
        let outBoth = try GraphDecoder().decode(LargeModel.self, from: both)
        #expect(outBoth.a?.data.veryLargeData == "very large data")
        #expect(outBoth.b.data?.veryLargeData == "very large data")
        #expect(try GraphDecoder().dump(from: both).components(separatedBy: "very large data").count == 2)

        let onlyB = try GraphEncoder().encode(LargeModel(a: nil, b: b)) as Bytes
        let outOnlyB = try GraphDecoder().decode(LargeModel.self, from: onlyB)
        #expect(outOnlyB.a == nil)
        #expect(outOnlyB.b.data == nil)
        #expect(!(try GraphDecoder().dump(from: onlyB).contains("very large data")))
    }

    @Test func conditionalValuesWithoutIdentityAreEncodedWithAWarning() throws {
        struct Loose: GCodable {
            var value: Int?
            init(value: Int?) { self.value = value }
            init(from decoder: GDecoder) throws { value = try decoder.decode() }
            func encode(to encoder: GEncoder) throws { try encoder.encodeConditional(value) }
        }
        let encoder = GraphEncoder([.printWarnings])
        let data = try encoder.encode(Loose(value: 3)) as Bytes
        #expect(try GraphDecoder().decode(Loose.self, from: data).value == 3)
        #expect(encoder.warnings == ["Int has no identity: encoded unconditionally"])
        _ = try encoder.encode(Loose(value: nil)) as Bytes
        #expect(encoder.warnings.isEmpty)
    }

    // MARK: Graphs

    final class DAGNode: Codable, GCodable {
        private(set) var connections = [String: DAGNode]()
        let name: String

        subscript(name: String) -> DAGNode? { connections[name] }

        func connect(to nodes: DAGNode...) {
            for node in nodes { connections[node.name] = node }
        }

        init(_ name: String) { self.name = name }

        private enum Key: String { case name, connections }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            connections = try decoder.decode(for: Key.connections)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(connections, for: Key.connections)
        }
    }

    static func fiveNodeDAG() -> [String: DAGNode] {
        let nodes = Dictionary(uniqueKeysWithValues: ["a", "b", "c", "d", "e"].map { ($0, DAGNode($0)) })
        nodes["a"]!.connect(to: nodes["b"]!, nodes["c"]!, nodes["d"]!, nodes["e"]!)
        nodes["b"]!.connect(to: nodes["d"]!)
        nodes["c"]!.connect(to: nodes["d"]!, nodes["e"]!)
        nodes["d"]!.connect(to: nodes["e"]!)
        return nodes
    }

    @Test func aDAGDecodesWithItsSharedNodes() throws {
        let a = Self.fiveNodeDAG()["a"]!
        for _ in 0 ..< 20 { // dictionaries encode in varying orders: every order must decode
            let outA = try GraphDecoder().decode(DAGNode.self, from: try GraphEncoder().encode(a) as Bytes)
            let e1 = outA["b"]?["d"]?["e"]
            let e2 = outA["c"]?["e"]
            let e3 = outA["e"]
            #expect(e1 != nil && e1 === e2 && e1 === e3)
            #expect(outA["b"]?["d"] === outA["d"])
        }
        let json = try JSONDecoder().decode(DAGNode.self, from: try JSONEncoder().encode(a))
        #expect(json["b"]?["d"]?["e"] !== json["e"])
    }

    @Test func anUnbreakableCycleThrowsNamingItsTypes() throws {
        let nodes = Self.fiveNodeDAG()
        nodes["e"]!.connect(to: nodes["b"]!)
        let data = try GraphEncoder().encode(nodes["a"]!) as Bytes
        do {
            _ = try GraphDecoder().decode(DAGNode.self, from: data)
            Issue.record("decoded a cycle without deferDecode")
        } catch GCodableError.cycle(let context) {
            #expect(context.debugDescription.contains("DAGNode → GraphCodableTests.GuideIdentityTests.DAGNode"))
            #expect(context.debugDescription.contains("deferDecode"))
        }
        for node in nodes.values { node.breakConnections() }
    }

    // MARK: Cycles broken with deferDecode

    typealias ViewNode = IdentityExamples.ViewNode
    typealias View = IdentityExamples.View
    typealias Window = IdentityExamples.Window
    typealias Screen = IdentityExamples.Screen

    @Test func weakParentsAreRestoredWithDeferDecode() throws {
        let screen = Screen()
        let windowA = Window()
        let windowB = Window()
        let views = [View(), View(), View(), View()]
        views[3].parent = views[0]
        views[0].parent = windowA
        views[1].parent = windowA
        views[2].parent = windowB
        windowA.parent = screen
        windowB.parent = screen

        let data = try GraphEncoder().encode(screen) as Bytes
        let outRoot = try GraphDecoder().decode(Screen.self, from: data)
        #expect("\(outRoot)" == "\(screen)")
        #expect(outRoot === outRoot.childs.first?.childs.first?.parent?.parent!)
        #expect(outRoot.childs.allSatisfy { $0 is Window && $0.parent === outRoot })
        #expect(outRoot.childs.flatMap(\.childs).count == 3)
    }

    typealias Model = IdentityExamples.Model

    @Test func aGeneralCyclicModelRoundTrips() throws {
        let inModel = Model()
        let (a, b, c, d, e) = (inModel.newNode("a"), inModel.newNode("b"), inModel.newNode("c"), inModel.newNode("d"), inModel.newNode("e"))
        a.connect(to: b, c, d, e)
        b.connect(to: d, a, c, b, b, b)
        c.connect(to: d, e, a, c, b, b, b, c, e)
        d.connect(to: e, d, e, a, c, b)
        e.connect(to: a, b, c, d, e, e)
        for _ in 0 ..< 10 {
            let outModel = try GraphDecoder().decode(Model.self, from: try GraphEncoder().encode(inModel) as Bytes)
            #expect(inModel == outModel)
            #expect(outModel.nodes["c"]!.connections[4] === outModel.nodes["b"]!)
        }
    }

    // MARK: Copy-on-write values with identity

    /// A copy-on-write array whose storage is a shared box, as in the guide.
    final class RefBox<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    struct MyArray<Element: GCodable>: GCodable {
        var box: RefBox<[Element]>
        init(_ elements: [Element]) { box = RefBox(elements) }
        init(from decoder: GDecoder) throws { box = RefBox(try decoder.decode()) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(box.value) }
    }

    /// The same array with the identity of its storage box: shared storage is stored once.
    struct SharedArray<Element: GCodable>: GCodable, GIdentifiable {
        var box: RefBox<[Element]>
        var gcodableID: ObjectIdentifier? { ObjectIdentifier(box) }
        init(_ elements: [Element]) { box = RefBox(elements) }
        init(from decoder: GDecoder) throws { box = RefBox(try decoder.decode()) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(box.value) }
    }

    @Test func copyOnWriteValuesDumpAsTheGuideShows() throws {
        let a = MyArray([1, 2])
        let b = MyArray([a, a])
        #expect(
            try GraphEncoder().dump(MyArray([b, b])) == """
                = BODY =========================================================
                - VAL
                \t- VAL
                \t\t- VAL
                \t\t\t- VAL
                \t\t\t\t- VAL
                \t\t\t\t\t- BIV [1, 2]
                \t\t\t\t.
                \t\t\t\t- VAL
                \t\t\t\t\t- BIV [1, 2]
                \t\t\t\t.
                \t\t\t.
                \t\t.
                \t\t- VAL
                \t\t\t- VAL
                \t\t\t\t- VAL
                \t\t\t\t\t- BIV [1, 2]
                \t\t\t\t.
                \t\t\t\t- VAL
                \t\t\t\t\t- BIV [1, 2]
                \t\t\t\t.
                \t\t\t.
                \t\t.
                \t.
                .
                ================================================================
                """)

        let sharedA = SharedArray([1, 2])
        let sharedB = SharedArray([sharedA, sharedA])
        let inRoot = SharedArray([sharedB, sharedB])
        #expect(
            try GraphEncoder().dump(inRoot) == """
                = BODY =========================================================
                - VAL0001
                \t- VAL
                \t\t- VAL0002
                \t\t\t- VAL
                \t\t\t\t- VAL0003
                \t\t\t\t\t- BIV [1, 2]
                \t\t\t\t.
                \t\t\t\t- PTS0003
                \t\t\t.
                \t\t.
                \t\t- PTS0002
                \t.
                .
                ================================================================
                """)
        let decoded = try GraphDecoder().decode(type(of: inRoot), from: try GraphEncoder().encode(inRoot) as Bytes)
        #expect(decoded.box.value[0].box.value[1].box.value == [1, 2])
        #expect(decoded.box.value[0].box === decoded.box.value[1].box)
    }
}

extension GuideIdentityTests.DAGNode {
    func breakConnections() { connections.removeAll() }
}
