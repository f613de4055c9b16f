import Foundation
import SeededRandom
import Testing

@testable import GraphHTTP

/// Log lines and HTTP dates are composed without Foundation's formatters: their calendar
/// fields must be Foundation's, and their text what logfmt readers and RFC 9110 expect.
@Suite struct LogLineTests {
    /// Random moments from 1970 to 2200, each shown as Foundation shows it.
    @Test func timesAreFoundationsCalendarFields() throws {
        var generator = SplitMix64(seed: 0x10C_11E5)
        let httpFormat = DateFormatter()
        httpFormat.locale = Locale(identifier: "en_US_POSIX")
        httpFormat.timeZone = TimeZone(identifier: "GMT")
        httpFormat.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let isoFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0 ..< 2_000 {
            let seconds = Int.random(in: 0 ..< 7_258_118_400, using: &generator)
            let millisecond = Int.random(in: 0 ..< 1000, using: &generator)
            let time = UTCTime(secondsSince1970: seconds, millisecond: millisecond)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(time.httpDate == httpFormat.string(from: date))
            var iso: [UInt8] = []
            time.appendISO8601(to: &iso)
            let expected = date.formatted(isoFormat).replacingOccurrences(of: ".000Z", with: String(format: ".%03dZ", millisecond))
            #expect(String(decoding: iso, as: UTF8.self) == expected)
        }
    }

    @Test func aLineIsLogfmtWithItsValuesQuotedWhereNeeded() {
        let time = UTCTime(secondsSince1970: 1_764_163_697, millisecond: 38)
        let line = Log.line(
            .warning, "drain timeout",
            [
                "path": "/v1/validate", "empty": "", "error": "bad \"quote\" and \\ = sign", "control": "a\nb\u{1}c\u{7F}",
                "text": "caf\u{E9}",
            ], at: time)
        #expect(
            String(decoding: line, as: UTF8.self) == #"""
                time=2025-11-26T13:28:17.038Z level=warning msg="drain timeout" path=/v1/validate empty="" \#
                error="bad \"quote\" and \\ = sign" control="a\nb\u{1}c\u{7f}" text=café

                """#)
    }

    /// Numbers, flags and durations are written as digits straight into the line.
    @Test func fieldsOtherThanTextAreWrittenAsDigits() {
        var text = LogText()
        text.startLine(.info, "request", at: UTCTime(secondsSince1970: 0))
        text.add("zero", 0)
        text.add("negative", -1_234)
        text.add("extremes", Int.min)
        text.add("maximum", Int.max)
        text.add("complete", true)
        text.add("cut", false)
        for nanoseconds: UInt64 in [0, 49_999, 50_000, 1_234_567, 1_250_000, 60_000_000_000, .max] {
            text.add("ms", milliseconds: nanoseconds)
        }
        text.endLine()
        #expect(
            String(decoding: text.bytes, as: UTF8.self) == """
                time=1970-01-01T00:00:00.000Z level=info msg=request zero=0 negative=-1234 \
                extremes=-9223372036854775808 maximum=9223372036854775807 complete=true cut=false \
                ms=0.0 ms=0.0 ms=0.1 ms=1.2 ms=1.3 ms=60000.0 ms=18446744073709.6

                """)
    }

    /// A batch holds whole lines, each as ``Log/line(_:_:_:at:)`` makes it at the moment it
    /// was added, until it is written.
    @Test func aBatchHoldsItsLinesUntilWritten() throws {
        func second(_ time: UTCTime) -> String {
            var text: [UInt8] = []
            time.appendISO8601(to: &text)
            return String(decoding: text.prefix(19), as: UTF8.self) // 2025-11-26T13:28:17
        }
        let written = Written()
        var batch = LogBatch(output: written.append)
        let before = UTCTime.now()
        batch.add(.error, "first") { line in
            line.add("path", "/healthz")
            line.add("status", 200)
        }
        batch.add(.error, "second") { $0.add("error", "two words") }
        let after = UTCTime.now()
        let lines = String(decoding: batch.text.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[0].hasSuffix(" level=error msg=first path=/healthz status=200"))
        #expect(lines[1].hasSuffix(#" level=error msg=second error="two words""#))
        for line in lines.dropLast() {
            let time = try #require(line.split(separator: " ").first?.dropFirst("time=".count))
            #expect([second(before), second(after)].contains(String(time.prefix(19))))
            #expect(time.count == 24 && time.hasSuffix("Z"))
        }
        let gathered = batch.text.bytes
        #expect(written.bytes.isEmpty)
        batch.write()
        #expect(batch.text.bytes.isEmpty && written.bytes == gathered && written.writes == 1)
        batch.write()
        #expect(written.writes == 1) // nothing gathered, nothing written
    }

    /// However many lines a turn adds, a batch holds less than its limit: it writes as it goes.
    @Test func aBatchPastItsLimitWritesAsItGoes() {
        let written = Written()
        var batch = LogBatch(output: written.append)
        for index in 0 ..< 5_000 {
            batch.add(.error, "request") { line in
                line.add("index", index)
                line.add("path", "/healthz")
            }
            #expect(batch.text.bytes.count < LogBatch.limit)
        }
        #expect(written.writes > 5)
        batch.write()
        let lines = String(decoding: written.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 5_000)
        #expect(lines.indices.allSatisfy { lines[$0].hasSuffix(" index=\($0) path=/healthz") }) // every line, once, in order
    }

    /// What a batch wrote, and in how many writes.
    private final class Written {
        var bytes: [UInt8] = []
        var writes = 0

        func append(_ chunk: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: chunk)
            writes += 1
        }
    }

    @Test func requestIDsAreThirtyTwoHexDigitsNeverRepeated() {
        var seen = Set<String>()
        for _ in 0 ..< 100_000 {
            let id = RequestID.generate()
            #expect(id.utf8.count == 32 && id.utf8.allSatisfy { ASCII.hexValue($0) != nil && !(65 ... 70).contains($0) })
            seen.insert(id)
        }
        #expect(seen.count == 100_000)
    }
}
