/// Text from an archive as a difference shows it: at most `limit` characters, then "…",
/// with control characters and bidirectional controls written as escapes (`\u{1B}`), so
/// that an archive can neither make a difference's text large nor forge lines or send
/// terminal controls through it.
enum DiffText {
    static func shown(_ text: String, limit: Int = 100) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else { return shown + "…" }
            count += 1
            if scalar.properties.generalCategory == .control || (0x200E ... 0x200F).contains(scalar.value)
                || (0x202A ... 0x202E).contains(scalar.value) || (0x2066 ... 0x2069).contains(scalar.value) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
