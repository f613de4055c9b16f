import Foundation
import GraphCodable

/// A model with what typed decoding must get right: classes and a subclass (inheritance),
/// objects shared by several others (identity), a cycle broken with `deferDecode` (a weak
/// mentor), a conditional link, dictionaries, sets, nested optionals, SIMD vectors, ranges,
/// opaque BinaryIO payloads of a value type and a class, optionals of a packed opaque type
/// (in place or blocks of their own), types with a raw value, and the Foundation values
/// whose initializers trap on bad contents (character sets, index sets, time zones, date
/// components, URLs, locales).
enum FuzzModel {
    static let registry = GTypeRegistry([
        Team.self, Person.self, Employee.self, Blob.self, Reading.self, Stamp.self, Stamp?.self, [Stamp?].self,
    ])

    class Person: GCodable {
        var name: String
        var friends: [Person] = []
        weak var mentor: Person?
        var scores: [String: Double] = [:]
        var location: SIMD3<Double>?
        var nickname: String??

        init(name: String) { self.name = name }

        private enum Key: String { case name, friends, mentor, scores, location, nickname }

        required init(from decoder: GDecoder) throws {
            name = try decoder.decode(for: Key.name)
            friends = try decoder.decode(for: Key.friends)
            scores = try decoder.decode(for: Key.scores)
            location = try decoder.decodeIfPresent(for: Key.location)
            nickname = try decoder.decode(for: Key.nickname)
            try decoder.deferDecode(for: Key.mentor) { [unowned self] (mentor: Person?) in self.mentor = mentor }
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(name, for: Key.name)
            try encoder.encode(friends, for: Key.friends)
            try encoder.encode(scores, for: Key.scores)
            try encoder.encodeIfPresent(location, for: Key.location)
            try encoder.encode(nickname, for: Key.nickname)
            try encoder.encodeConditional(mentor, for: Key.mentor)
        }
    }

    final class Employee: Person {
        var badge: Int = 0
        var shifts: [ClosedRange<Int>] = []

        init(name: String, badge: Int) {
            self.badge = badge
            super.init(name: name)
        }

        required init(from decoder: GDecoder) throws {
            badge = try decoder.decode()
            shifts = try decoder.decode()
            try super.init(from: decoder)
        }

        override func encode(to encoder: GEncoder) throws {
            try encoder.encode(badge)
            try encoder.encode(shifts)
            try super.encode(to: encoder)
        }
    }

    /// An opaque value payload.
    struct Reading: GBinaryCodable {
        var sensor: UInt16
        var value: Double

        init(sensor: UInt16, value: Double) { (self.sensor, self.value) = (sensor, value) }
        init(from rbuffer: inout BinaryReadBuffer) throws { (sensor, value) = (try UInt16(from: &rbuffer), try Double(from: &rbuffer)) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws {
            try sensor.write(to: &wbuffer)
            try value.write(to: &wbuffer)
        }
    }

    /// An opaque class payload.
    final class Blob: GBinaryCodable {
        var bytes: [UInt8]

        init(bytes: [UInt8]) { self.bytes = bytes }
        init(from rbuffer: inout BinaryReadBuffer) throws { bytes = try [UInt8](from: &rbuffer) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws { try bytes.write(to: &wbuffer) }
    }

    /// A packed opaque value.
    struct Stamp: GPackCodable {
        var day: UInt16

        init(day: UInt16) { self.day = day }
        init(from rbuffer: inout BinaryReadBuffer) throws { day = try UInt16(from: &rbuffer) }
        func write(to wbuffer: inout BinaryWriteBuffer) throws { try day.write(to: &wbuffer) }
    }

    enum Role: String, GCodable { case lead, member, guest }

    struct Access: OptionSet, GCodable {
        let rawValue: UInt8
        static let read = Access(rawValue: 1)
        static let write = Access(rawValue: 2)
    }

    struct Team: GCodable {
        var members: [Person] = []
        var lead: Person?
        var tags: Set<String> = []
        var readings: [Reading] = []
        var blobs: [Blob] = []
        var alphabet = CharacterSet()
        var pages = IndexSet()
        var zone: TimeZone?
        var meeting: DateComponents?
        var home: URL?
        var locale: Locale?
        var stamp: Stamp?
        var stamps: [Stamp?] = []
        var roles: [Role: Access] = [:]

        init() {}

        private enum Key: String {
            case members, lead, tags, readings, blobs, alphabet, pages, zone, meeting, home, locale, stamp, stamps, roles
        }

        init(from decoder: GDecoder) throws {
            members = try decoder.decode(for: Key.members)
            lead = try decoder.decodeIfPresent(for: Key.lead)
            tags = try decoder.decode(for: Key.tags)
            readings = try decoder.decode(for: Key.readings)
            blobs = try decoder.decode(for: Key.blobs)
            alphabet = try decoder.decode(for: Key.alphabet)
            pages = try decoder.decode(for: Key.pages)
            zone = try decoder.decodeIfPresent(for: Key.zone)
            meeting = try decoder.decodeIfPresent(for: Key.meeting)
            home = try decoder.decodeIfPresent(for: Key.home)
            locale = try decoder.decodeIfPresent(for: Key.locale)
            stamp = try decoder.decode(for: Key.stamp)
            stamps = try decoder.decode(for: Key.stamps)
            roles = try decoder.decode(for: Key.roles)
        }

        func encode(to encoder: GEncoder) throws {
            try encoder.encode(members, for: Key.members)
            try encoder.encodeIfPresent(lead, for: Key.lead)
            try encoder.encode(tags, for: Key.tags)
            try encoder.encode(readings, for: Key.readings)
            try encoder.encode(blobs, for: Key.blobs)
            try encoder.encode(alphabet, for: Key.alphabet)
            try encoder.encode(pages, for: Key.pages)
            try encoder.encodeIfPresent(zone, for: Key.zone)
            try encoder.encodeIfPresent(meeting, for: Key.meeting)
            try encoder.encodeIfPresent(home, for: Key.home)
            try encoder.encodeIfPresent(locale, for: Key.locale)
            try encoder.encode(stamp, for: Key.stamp)
            try encoder.encode(stamps, for: Key.stamps)
            try encoder.encode(roles, for: Key.roles)
        }
    }

    /// A team of `size` people with friends shared among them, mentors (a cycle), a
    /// conditional lead, and payloads.
    static func team(size: Int, seed: UInt64) -> Team {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var team = Team()
        for index in 0 ..< size {
            let person = index % 3 == 0 ? Employee(name: "e\(index)", badge: next()) : Person(name: "p\(index)")
            if let employee = person as? Employee { employee.shifts = [0 ... next() % 100, -5 ... 5] }
            person.scores = ["a": Double(next() % 1000) / 7, "é": -0.0]
            person.location = index.isMultiple(of: 2) ? SIMD3(1, Double(index), .infinity) : nil
            person.nickname = index % 4 == 0 ? .some(nil) : .some("n\(index)")
            if !team.members.isEmpty {
                person.friends = [team.members[next() % team.members.count]]
                person.mentor = team.members[next() % team.members.count]
            }
            team.members.append(person)
        }
        team.lead = size > 2 ? Person(name: "never stored") : team.members.first
        team.tags = ["x", "y\(size)"]
        team.readings = (0 ..< size).map { Reading(sensor: UInt16($0), value: Double($0) / 3) }
        let blob = Blob(bytes: Array(0 ..< UInt8(min(size, 200))))
        team.blobs = [blob, blob]
        team.alphabet = CharacterSet(charactersIn: "abc🙂\u{10FFFF}").union(.decimalDigits)
        team.pages = IndexSet(integersIn: 3 ..< 9).union(IndexSet([20, 1 << 40]))
        team.zone = TimeZone(secondsFromGMT: 3661)
        team.meeting = DateComponents(calendar: Calendar(identifier: .hebrew), timeZone: team.zone, year: 5787, month: 3, day: 1)
        team.home = URL(string: "https://example.com/a b?c")
        team.locale = Locale(identifier: "de_CH")
        team.stamp = Stamp(day: UInt16(size))
        team.stamps = [Stamp(day: 0), nil, Stamp(day: 300)]
        team.roles = [.lead: [.read, .write], .guest: []]
        return team
    }
}
