import Foundation
import GraphCodable
import Testing

/// A dump or JSON form written piece by piece leaves nothing of a broken archive: a short
/// text is held until its parse ends, a long one waits for a check of the structure.
@Suite struct StreamedTextTests {
    /// An archive whose dump and JSON form are `count` lines of some 30 bytes, broken at its
    /// last node when `broken`.
    static func archive(count: Int, broken: Bool) throws -> [UInt8] {
        var bytes = try GraphEncoder(.omitChecksum).encode((0 ..< count).map { "value number \($0)" }) as Bytes
        if broken {
            // The body's last byte, the END of the array, made a tag no node has.
            let bodyLength = (0 ..< 8).reduce(0) { $0 | Int(bytes[24 + $1]) << (8 * $1) }
            bytes[40 + bodyLength - 1] = 0x0F
        }
        return bytes
    }

    static func pieces(_ write: (([UInt8]) throws -> Void) throws -> Void) -> (text: [UInt8], error: Error?) {
        var text: [UInt8] = []
        do {
            try write { text += $0 }
            return (text, nil)
        } catch {
            return (text, error)
        }
    }

    @Test(arguments: [100, 60_000]) func aBrokenArchiveLeavesNoText(count: Int) throws {
        let bytes = try Self.archive(count: count, broken: true)
        let dump = Self.pieces { try GraphDecoder().dump(from: bytes, to: $0) }
        #expect(dump.error != nil && dump.text.isEmpty)
        let json = Self.pieces { try GraphDecoder().writeJSON(from: bytes, to: $0) }
        #expect(json.error != nil && json.text.isEmpty)
    }

    @Test(arguments: [100, 60_000]) func aValidArchiveStreamsTheWholeText(count: Int) throws {
        let bytes = try Self.archive(count: count, broken: false)
        let dump = Self.pieces { try GraphDecoder().dump(from: bytes, to: $0) }
        let expectedDump = try GraphDecoder().dump(from: bytes)
        #expect(dump.error == nil && String(decoding: dump.text, as: UTF8.self) == expectedDump)
        if count > 100 { #expect(dump.text.count > 1 << 20) } // past what is held
        let json = Self.pieces { try GraphDecoder().writeJSON(from: bytes, indented: false, to: $0) }
        let expectedJSON = try GraphArchive(bytes: bytes).jsonData(indented: false)
        #expect(json.error == nil && Data(json.text) == expectedJSON)
    }
}
