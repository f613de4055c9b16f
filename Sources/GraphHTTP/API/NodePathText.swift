import GraphCodable

extension [GCodableError.PathComponent] {
    /// The path of keys and indexes as text, `"friends"[1]"name"`, its middle cut when it
    /// is long (deep archives have paths of thousands of steps).
    var boundedText: String {
        let steps = map(\.description)
        guard steps.count > Self.maximumTextSteps else { return steps.joined() }
        let half = Self.maximumTextSteps / 2
        return steps.prefix(half).joined() + "…(\(steps.count - 2 * half) more)…" + steps.suffix(half).joined()
    }

    private static var maximumTextSteps: Int { 32 }
}
