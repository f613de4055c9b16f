import GraphCodable

/// Model types the shipped server knows, so that `/v1/decode` and conversion can be tried
/// without building a server of one's own (an app embedding `GraphServer` registers its
/// own types instead).
enum SampleModels {
    static let registry = GTypeRegistry([
        Station.self, Network.self, Folder.self, Reading.self, Sensor.self, Animal.self, Dog.self, Zoo.self,
    ])

    /// A station of a transport network: stations link to others, so a network is a graph
    /// where a station reached twice is stored once (a DAG, or cycles through `links`). Links
    /// are weak, and a network owns its stations: a loop of stations is no reference cycle
    /// (a server must not leak what it decodes), and a long chain of them is released flat.
    final class Station: GCodable {
        var name: String
        private var weakLinks: [WeakStation] = []

        /// The stations this one links to.
        var links: [Station] {
            get { weakLinks.compactMap(\.station) }
            set { weakLinks = newValue.map(WeakStation.init) }
        }

        init(name: String) { self.name = name }

        private enum Key: String { case name, links }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            try decoder.deferDecode(for: Key.links) { [unowned self] (links: [Station]) in self.links = links }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(links, for: Key.links)
        }
    }

    private struct WeakStation {
        weak var station: Station?
    }

    /// The stations of a network, in order: it owns them.
    struct Network: GCodable {
        var stations: [Station]

        init(stations: [Station]) { self.stations = stations }
        init(from decoder: GDecoder) throws { stations = try decoder.decode() }
        func encode(to encoder: GEncoder) throws { try encoder.encode(stations) }
    }

    /// A folder tree whose children point back to their parent weakly: a cycle that
    /// decodes because the parent link is read with `deferDecode` (the children too, so that
    /// the depth of a tree costs no stack).
    final class Folder: GCodable {
        var name: String
        var children: [Folder] = []
        weak var parent: Folder?

        init(name: String) { self.name = name }

        /// Releases the subtree without recursing once per level, so that a tree nested a
        /// million deep is no deeper a recursion to free than a flat one.
        deinit {
            var pending = children
            children.removeAll()
            while var folder = pending.popLast() {
                if isKnownUniquelyReferenced(&folder) {
                    pending.append(contentsOf: folder.children)
                    folder.children.removeAll()
                }
            }
        }

        private enum Key: String { case name, children, parent }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            // Deferred, so that a deep tree decodes level after level rather than level within level.
            try decoder.deferDecode(for: Key.children) { [unowned self] (children: [Folder]) in self.children = children }
            try decoder.deferDecode(for: Key.parent) { [unowned self] (parent: Folder?) in self.parent = parent }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(children, for: Key.children)
            try encoder.encodeConditional(parent, for: Key.parent)
        }
    }

    /// A sensor reading stored as one BinaryIO payload, opaque to readers without the type,
    /// whose layout follows the user BinaryIO version: 0 wrote the value as a `Float`,
    /// 1 and later as a `Double`. `/v1/convert?binaryIOVersion=1` rewrites old archives.
    struct Reading: GBinaryCodable {
        var value: Double

        init(value: Double) { self.value = value }

        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            if wbuffer.version == 0 { try Float(value).write(to: &wbuffer) } else { try value.write(to: &wbuffer) }
        }

        init(from rbuffer: inout BinaryReadBuffer) throws {
            value = rbuffer.version == 0 ? Double(try Float(from: &rbuffer)) : try Double(from: &rbuffer)
        }
    }

    /// A versioned value type: version 0 had a `name` only; version 1 added `readings`.
    struct Sensor: GCodable {
        static var typeVersion: UInt32 { 1 }

        var name: String
        var readings: [Reading]

        init(name: String, readings: [Reading]) { (self.name, self.readings) = (name, readings) }

        private enum Key: String { case name, readings }

        init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            readings = try decoder.encodedTypeVersion >= 1 ? decoder.decode(for: Key.readings) : []
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(readings, for: Key.readings)
        }
    }
}
