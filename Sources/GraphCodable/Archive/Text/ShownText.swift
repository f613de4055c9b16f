/// Text from an archive (keys, type names, values) as messages, paths and differences show
/// it: at most `limit` characters, then "…", with control characters (C0, DEL and C1), line
/// and paragraph separators and bidirectional controls written as escapes (`\u{1B}`), so
/// that an archive can neither make a message large nor forge lines of a log or a terminal
/// or send terminal controls through it.
enum ShownText {
    static func shown(_ text: String, limit: Int = 100) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { return shown + "…" }
            count += 1
            if isEscaped(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `scalar` is written as an escape.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
            || (0x200E ... 0x200F).contains(scalar.value) || (0x202A ... 0x202E).contains(scalar.value)
            || (0x2066 ... 0x2069).contains(scalar.value)
    }
}
