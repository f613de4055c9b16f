import Foundation
import GraphCodable
import Testing

/// Errors say what went wrong and where: a path of keys and indexes, and a byte offset.
@Suite struct ErrorContextTests {
    struct Leaf: GCodable {
        var name: String
        private enum Key: String { case name }
        init(name: String) { self.name = name }
        init(from decoder: GDecoder) throws { name = try decoder.decode(for: Key.name) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(name, for: Key.name) }
    }

    /// Same layout as `Leaf`, but the field holds a number.
    struct NumberLeaf: GCodable {
        var name: Int
        private enum Key: String { case name }
        init(name: Int) { self.name = name }
        init(from decoder: GDecoder) throws { name = try decoder.decode(for: Key.name) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(name, for: Key.name) }
    }

    struct Tree<Element: GCodable>: GCodable {
        var leaves: [Element]
        private enum Key: String { case leaves }
        init(leaves: [Element]) { self.leaves = leaves }
        init(from decoder: GDecoder) throws { leaves = try decoder.decode(for: Key.leaves) }
        func encode(to encoder: GEncoder) throws { try encoder.encode(leaves, for: Key.leaves) }
    }

    /// A class whose leaves are decoded with `deferDecode`, after the root: keyed, or
    /// unkeyed. It writes `numbers` in their place when it has them.
    final class DeferredTree: GCodable {
        var leaves: [Leaf] = []
        var numbers: [NumberLeaf]?
        let isKeyed: Bool
        private enum Key: String { case keyed, leaves }
        init(numbers: [NumberLeaf], isKeyed: Bool) {
            self.numbers = numbers
            self.isKeyed = isKeyed
        }
        init(from decoder: GDecoder) throws {
            isKeyed = try decoder.decode(for: Key.keyed)
            if isKeyed {
                try decoder.deferDecode(for: Key.leaves) { self.leaves = $0 }
            } else {
                try decoder.deferDecode { self.leaves = $0 }
            }
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(isKeyed, for: Key.keyed)
            if isKeyed, let numbers {
                try encoder.encode(numbers, for: Key.leaves)
            } else if let numbers {
                try encoder.encode(numbers)
            }
        }
    }

    /// A class that decodes its tree with `deferDecode`, which then defers its leaves.
    final class DeferredHolder: GCodable {
        var tree: DeferredTree?
        private enum Key: String { case tree }
        init(tree: DeferredTree) { self.tree = tree }
        init(from decoder: GDecoder) throws { try decoder.deferDecode(for: Key.tree) { (tree: DeferredTree) in self.tree = tree } }
        func encode(to encoder: GEncoder) throws { try encoder.encode(tree, for: Key.tree) }
    }

    /// A list whose links decode the next one with `deferDecode`: past a hundred levels of
    /// nesting, the encoder writes each link after the root.
    final class DeferredLink: GCodable {
        var name: String
        var next: DeferredLink?
        private enum Key: String { case name, next }
        init(name: String, next: DeferredLink?) {
            self.name = name
            self.next = next
        }
        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            if try decoder.contains(Key.next) { try decoder.deferDecode(for: Key.next) { (next: DeferredLink) in self.next = next } }
        }
        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            if let next { try encoder.encode(next, for: Key.next) }
        }
    }

    struct Unencodable: GCodable {
        init() {}
        init(from decoder: GDecoder) throws {}
        func encode(to encoder: GEncoder) throws {
            throw GCodableError.cannotEncode(Self.self, .init(debugDescription: "refused"))
        }
    }

    @Test func typeMismatchNamesThePathAndOffset() throws {
        let data = try GraphEncoder().encode(Tree(leaves: [NumberLeaf(name: 1), NumberLeaf(name: 2)])) as Bytes
        do {
            _ = try GraphDecoder().decode(Tree<Leaf>.self, from: data)
            Issue.record("decoded numbers as strings")
        } catch GCodableError.typeMismatch(let type, let context) {
            #expect(type is String.Type)
            #expect(context.path == [.key("leaves"), .index(0), .key("name")])
            #expect(context.debugDescription.contains("found BIV of type Int"))
            #expect(context.byteOffset != nil)
            #expect("\(GCodableError.typeMismatch(type, context))".contains("root.leaves[0].name"))
        }
    }

    /// The elements of arrays and dictionaries of the common scalars, which the decoder reads
    /// in a loop of their own, name their index too: a node of another type, and a string
    /// whose UTF-8 is invalid.
    @Test func scalarElementsNameTheirIndex() throws {
        let strings = try GraphEncoder().encode(Tree(leaves: ["a", "b"])) as Bytes
        do {
            _ = try GraphDecoder().decode(Tree<Int>.self, from: strings)
            Issue.record("decoded strings as numbers")
        } catch GCodableError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(context.path == [.key("leaves"), .index(0)])
            #expect(context.debugDescription.contains("found BIV of type String"))
        }
        let entries = try GraphEncoder().encode(["a": "x", "b": "y"]) as Bytes
        do {
            _ = try GraphDecoder().decode([String: Double].self, from: entries)
            Issue.record("decoded strings as numbers")
        } catch GCodableError.typeMismatch(let type, let context) {
            #expect(type is Double.Type)
            #expect(context.path == [.index(1)])
        }
        var invalid = try GraphEncoder().encode(["ok", "QZ"]) as Bytes
        let start = try #require(
            invalid.indices.dropLast().first { invalid[$0] == UInt8(ascii: "Q") && invalid[$0 + 1] == UInt8(ascii: "Z") })
        invalid[start] = 0xFF
        do {
            _ = try GraphDecoder().decode([String].self, from: RawArchive.resealed(invalid))
            Issue.record("read invalid UTF-8")
        } catch let error as GCodableError {
            #expect(error.context.rule == .stringUTF8)
            #expect(error.context.path == [.index(1)])
        }
    }

    /// A field decoded after the root, through `deferDecode`, still names its path.
    @Test func deferredFieldsNameTheirPath() throws {
        for (isKeyed, step) in [(true, GCodableError.PathComponent.key("leaves")), (false, .index(0))] {
            let data = try GraphEncoder().encode(DeferredTree(numbers: [NumberLeaf(name: 1)], isKeyed: isKeyed)) as Bytes
            do {
                _ = try GraphDecoder().decode(DeferredTree.self, from: data)
                Issue.record("decoded numbers as strings")
            } catch GCodableError.typeMismatch(let type, let context) {
                #expect(type is String.Type)
                #expect(context.path == [step, .index(0), .key("name")])
            }
        }
    }

    /// A field deferred by a value below the root, or by a deferred value, names its whole
    /// path, not only its own step.
    @Test func deferredFieldsBelowTheRootNameTheirWholePath() throws {
        let leaves = [NumberLeaf(name: 1)]
        let nested = try GraphEncoder().encode(Tree(leaves: [DeferredTree(numbers: leaves, isKeyed: true)])) as Bytes
        do {
            _ = try GraphDecoder().decode(Tree<DeferredTree>.self, from: nested)
            Issue.record("decoded numbers as strings")
        } catch GCodableError.typeMismatch(_, let context) {
            #expect(context.path == [.key("leaves"), .index(0), .key("leaves"), .index(0), .key("name")])
        }
        let twice = try GraphEncoder().encode(DeferredHolder(tree: DeferredTree(numbers: leaves, isKeyed: true))) as Bytes
        do {
            _ = try GraphDecoder().decode(DeferredHolder.self, from: twice)
            Issue.record("decoded numbers as strings")
        } catch GCodableError.typeMismatch(_, let context) {
            #expect(context.path == [.key("tree"), .key("leaves"), .index(0), .key("name")])
        }
    }

    /// A payload's problem found after parsing (here a string's UTF-8) names the path of its
    /// node, in a validation report and in the error of a reader.
    @Test func problemsInPayloadsNameTheirPath() throws {
        var bytes = try GraphEncoder().encode(Tree(leaves: [Leaf(name: "ok"), Leaf(name: "QZ")])) as Bytes
        let start = try #require(bytes.indices.dropLast().first { bytes[$0] == UInt8(ascii: "Q") && bytes[$0 + 1] == UInt8(ascii: "Z") })
        bytes[start] = 0xFF
        bytes = RawArchive.resealed(bytes)
        let path: [GCodableError.PathComponent] = [.key("leaves"), .index(1), .key("name")]
        let problems = GraphDecoder().validate(bytes).problems
        #expect(problems.map(\.rule) == [.stringUTF8])
        #expect(problems.first?.path == path)
        #expect(problems.first?.description.contains("root.leaves[1].name") == true)
        do {
            _ = try GraphArchive(bytes: bytes)
            Issue.record("read invalid UTF-8")
        } catch let error as GCodableError {
            #expect(error.context.path == path)
        }
    }

    /// A path that starts at an object written after the root, not at the root, says so:
    /// otherwise it would read as the path of another node, under the root.
    @Test func pathsInsideObjectsWrittenAfterTheRootNameTheObject() throws {
        var head: DeferredLink?
        for index in (0 ..< 300).reversed() { head = DeferredLink(name: index == 250 ? "QZ" : "link \(index)", next: head) }
        var bytes = try GraphEncoder().encode(try #require(head)) as Bytes
        let start = try #require(bytes.indices.dropLast().first { bytes[$0] == UInt8(ascii: "Q") && bytes[$0 + 1] == UInt8(ascii: "Z") })
        bytes[start] = 0xFF
        bytes = RawArchive.resealed(bytes)
        let problem = try #require(GraphDecoder().validate(bytes).problems.first)
        #expect(problem.rule == .stringUTF8)
        let note = try #require(problem.message.firstRange(of: " (in object ")).lowerBound
        #expect(problem.message[note...].hasSuffix(", written after the root)"))
        #expect(problem.path.last == .key("name") && problem.path.count < 250)
        // Decoding, where the link is deferred, and reading the archive's model say the same.
        for read in [{ _ = try GraphDecoder().decode(DeferredLink.self, from: bytes) }, { _ = try GraphArchive(bytes: bytes) }] {
            do {
                try read()
                Issue.record("read invalid UTF-8")
            } catch let error as GCodableError {
                #expect(error.context.debugDescription == problem.message)
                #expect(error.context.path == problem.path)
            }
        }
        // A problem the parser finds there says it too: a key id the table lacks.
        let tag = start - 4 // the string's tag (a keyed, typed BIV), key id, type and length
        #expect(bytes[tag] == 0x33)
        bytes[tag + 1] = 99
        let parsed = try #require(GraphDecoder().validate(RawArchive.resealed(bytes)).problems.first)
        #expect(parsed.rule == .nodeKeyID)
        #expect(parsed.message.contains("written after the root"))
    }

    /// A problem of a top-level node written after the root, or inside one without identity
    /// (which only an invalid archive has), names that node too.
    @Test func problemsAtNodesAfterTheRootNameThem() throws {
        let root: [UInt8] = [0x21, 0x29, 0x00]
        let definition = GraphDecoder().validate(RawArchive(body: root + [0x63, 0x0F, 0x05, 0x01, 0xFF]).bytes).problems
        #expect(definition.map(\.rule) == [.stringUTF8])
        #expect(definition.first?.message == "invalid UTF-8 in a string (in object 5, written after the root)")
        #expect(definition.first?.path == [])
        let anonymous = GraphDecoder().validate(RawArchive(body: root + [0x21, 0x29, 0x23, 0x0F, 0x01, 0xFF, 0x00]).bytes).problems
        // Reported once, at the string: not again at the set, whose check reads it.
        #expect(anonymous.map(\.rule) == [.bodyAfterRoot, .stringUTF8])
        #expect(anonymous.last?.message == "invalid UTF-8 in a string (in a node written after the root)")
        #expect(anonymous.last?.path == [.index(0)])
    }

    @Test func missingKeysAndValuesAreNamed() throws {
        let data = try GraphEncoder().encode(Tree(leaves: [Leaf(name: "a")])) as Bytes
        do {
            _ = try GraphDecoder().decode(Tree<Tree<Leaf>>.self, from: data)
            Issue.record("decoded a missing key")
        } catch GCodableError.keyNotFound(let key, let context) {
            #expect(key == "leaves")
            #expect(context.path == [.key("leaves"), .index(0), .key("leaves")])
        }
        let pair = try GraphEncoder().encode([1: "one"]) as Bytes
        #expect(throws: GCodableError.self) { try GraphDecoder().decode([Int: Int].self, from: pair) }
        let optional = try GraphEncoder().encode(Leaf?.none) as Bytes
        do {
            _ = try GraphDecoder().decode(Leaf.self, from: optional)
            Issue.record("decoded nil as a value")
        } catch GCodableError.valueNotFound(let type, _) {
            #expect(type is Leaf.Type)
        }
    }

    @Test func encodingErrorsCarryTheirPath() throws {
        do {
            _ = try GraphEncoder().encode(Tree(leaves: [Unencodable(), Unencodable()])) as Bytes
            Issue.record("encoded an unencodable value")
        } catch GCodableError.cannotEncode(_, let context) {
            #expect(context.path == [.key("leaves"), .index(0)])
        }
    }

    /// A BinaryIO value that writes part of its payload, then throws.
    struct HalfWrittenPayload: GBinaryCodable {
        init() {}
        init(from rbuffer: inout BinaryReadBuffer) throws { _ = try rbuffer.readString() }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            wbuffer.writeString("partial")
            throw GCodableError.cannotEncode(Self.self, .init(debugDescription: "refused"))
        }
    }

    /// A value whose `encode(to:)` goes on when its child's encoding throws.
    struct Forgiving<Child: GCodable>: GCodable {
        var child: Child
        private enum Key: String { case child, after }
        init(child: Child) { self.child = child }
        init(from decoder: GDecoder) throws { child = try decoder.decode(for: Key.child) }
        func encode(to encoder: GEncoder) throws {
            try? encoder.encode(child, for: Key.child)
            try encoder.encode(1, for: Key.after)
        }
    }

    /// A field's encoding that threw may have written part of the field; an `encode(to:)`
    /// that catches the error and goes on would leave it half written in the archive. The
    /// encoding fails instead, naming the field's path and its error.
    @Test func encodingsThatGoOnAfterAFieldThrewFail() throws {
        func expectRefused(_ value: some GCodable, naming path: String) {
            do {
                _ = try GraphEncoder().encode(value) as Bytes
                Issue.record("encoded a value with a field half written, at \(path)")
            } catch GCodableError.cannotEncode(_, let context) {
                #expect(context.debugDescription.contains(path), "\(context)")
                #expect(context.underlyingError is GCodableError)
            } catch {
                Issue.record("\(error)")
            }
        }
        expectRefused(Forgiving(child: HalfWrittenPayload()), naming: "root.child")
        expectRefused(Forgiving(child: Tree(leaves: [Unencodable(), Unencodable()])), naming: "root.child.leaves[0]")
        expectRefused([Forgiving(child: Unencodable()), Forgiving(child: Unencodable())], naming: ".child")
    }

    /// Text from an archive in a message (a key in a path, a type name) is shown bounded,
    /// its controls escaped: an archive can neither make a message huge nor send terminal
    /// controls or forged lines through it.
    @Test func archiveTextInMessagesIsBoundedAndEscaped() throws {
        let key: String = GCodableError.PathComponent.key(String(repeating: "\u{1}", count: 10_000) + "\u{2028}").description
        let escape: Unicode.Scalar = "\u{1}"
        #expect(key.count < 1000)
        #expect(key.contains("\\u{1}"))
        #expect(!key.unicodeScalars.contains(escape))
        let controls: String = GCodableError.PathComponent.key("k\u{9B}31m\u{202E}x").description
        #expect(controls == #"["k\\u{9B}31m\\u{202E}x"]"#)
        let hostile = try GraphArchive.bytes(
            fromJSON: Array(
                #"""
                {"format": "graphcodable-archive", "formatVersion": 1, "checksummed": true, "internalBinaryIOVersion": 1,
                 "userBinaryIOVersion": 0, "keys": [], "body": [{"kind": "VAL", "type": 64}],
                 "types": [{"valueType": "M.T\u001b[2J\ngraph-server: all valid\u202e", "mangledName": "", "version": 0}]}
                """#.utf8))
        do {
            _ = try GraphDecoder().decode(Leaf.self, from: hostile)
            Issue.record("decoded a root of another type")
        } catch {
            let message = "\(error)"
            let forbidden: Set<Unicode.Scalar> = ["\u{1B}", "\n", "\u{202E}"]
            #expect(!message.unicodeScalars.contains(where: forbidden.contains), "\(message)")
            #expect(message.contains("\\u{1B}[2J\\u{A}graph-server"), "\(message)")
        }
    }
}
