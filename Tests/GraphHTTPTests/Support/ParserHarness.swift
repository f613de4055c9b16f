import Testing

@testable import GraphHTTP

/// A parser event in a form that compares across ways of splitting the input: every fact
/// of a head spelt out, and the body pieces of one request joined.
enum Parsed: Equatable, Sendable, CustomStringConvertible {
    case head(Head)
    case body([UInt8])
    case end

    /// Body bytes given as text.
    static func text(_ text: String) -> Parsed { .body(Array(text.utf8)) }

    var description: String {
        switch self {
        case .head(let head): "head(\(head))"
        case .body(let bytes): "body(\(String(decoding: bytes, as: UTF8.self).debugDescription))"
        case .end: "end"
        }
    }

    /// Everything a ``RequestHead`` holds, with defaults for the common case in tables.
    struct Head: Equatable, Sendable {
        var method: HTTPMethod
        var target: String
        var version: HTTPVersion
        var headers: [HTTPHeaders.Field]
        var path: String
        var query: String?
        var keepAlive: Bool
        var expectsContinue: Bool
        var bodyLength: RequestHead.BodyLength

        init(_ head: RequestHead) {
            (method, target, version, headers) = (head.method, head.target, head.version, Array(head.headers))
            (path, query, keepAlive) = (head.path, head.query, head.keepAlive)
            (expectsContinue, bodyLength) = (head.expectsContinue, head.bodyLength)
        }

        /// The expected head; `path` defaults to the target, `keepAlive` to the HTTP/1.1 default.
        init(
            _ method: HTTPMethod, _ target: String, _ version: HTTPVersion = .http1_1, headers: HTTPHeaders,
            path: String? = nil, query: String? = nil, keepAlive: Bool? = nil, expectsContinue: Bool = false,
            bodyLength: RequestHead.BodyLength = .none
        ) {
            (self.method, self.target, self.version, self.headers) = (method, target, version, Array(headers))
            (self.path, self.query, self.keepAlive) = (path ?? target, query, keepAlive ?? (version == .http1_1))
            (self.expectsContinue, self.bodyLength) = (expectsContinue, bodyLength)
        }
    }
}

/// All a parser produced from some input: its events, then the error it stopped at, if any.
struct ParseOutcome: Equatable, CustomStringConvertible {
    var events: [Parsed] = []
    var error: HTTPParseError?

    var description: String {
        events.map(\.description).joined(separator: ", ") + (error.map { " then \($0)" } ?? "")
    }

    /// Appends `pieces` to a fresh parser one after the other, taking every event after each.
    init(pieces: some Sequence<ArraySlice<UInt8>>, limits: HTTPParserLimits = HTTPParserLimits()) {
        var parser = RequestParser(limits: limits)
        for piece in pieces {
            parser.append(piece)
            do {
                while let event = try parser.next() { record(event) }
            } catch {
                self.error = error
                return
            }
        }
    }

    /// Where this outcome first departs from `expected`: a wrong, missing or extra event, or
    /// a different error; nil if they are the same.
    func difference(from expected: ParseOutcome) -> String? {
        guard self != expected else { return nil }
        let same = zip(events, expected.events).prefix { $0 == $1 }.count
        if same < min(events.count, expected.events.count) {
            return "event \(same) is \(events[same]), expected \(expected.events[same])"
        } else if same < expected.events.count {
            return
                "missing \(expected.events[same...].map(\.description)) after \(same) events; error \(error.map(\.description) ?? "none")"
        } else if same < events.count {
            return "extra \(events[same...].map(\.description)) after \(same) events"
        }
        return "error \(error.map(\.description) ?? "none"), expected \(expected.error.map(\.description) ?? "none")"
    }

    init(events: [Parsed], error: HTTPParseError? = nil) {
        self.events = events
        self.error = error
    }

    private mutating func record(_ event: RequestParser.Event) {
        switch event {
        case .head(let head):
            events.append(.head(Parsed.Head(head)))
        case .body(let bytes):
            if case .body(let earlier) = events.last {
                events[events.count - 1] = .body(earlier + bytes)
            } else {
                events.append(.body(Array(bytes)))
            }
        case .end:
            events.append(.end)
        }
    }
}

/// Ways of cutting input into the pieces a socket might deliver.
enum Split {
    /// All of `bytes` at once.
    static func whole(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] { [bytes[...]] }

    /// One byte at a time.
    static func byteByByte(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] { bytes.indices.map { bytes[$0 ... $0] } }

    /// Every way of cutting `bytes` in two, both pieces possibly empty.
    static func allTwoPieceSplits(_ bytes: [UInt8]) -> [[ArraySlice<UInt8>]] {
        (0 ... bytes.count).map { [bytes[..<$0], bytes[$0...]] }
    }

    /// Pieces of 1 to `maximumSize` bytes, sized by `generator`.
    static func random(_ bytes: [UInt8], maximumSize: Int, using generator: inout some RandomNumberGenerator) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1 ... maximumSize, using: &generator))
            pieces.append(bytes[start ..< end])
            start = end
        }
        return pieces
    }
}
