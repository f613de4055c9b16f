import GraphCodable

/// The JSON answer of `/v1/decode`: the archive decoded as a registered type, with what the
/// decoding built and replaced, the versions it met, and the value's description.
struct DecodeAnswer: Encodable {
    struct Replacement: Encodable {
        let archived: String
        let replacement: String
    }

    struct Version: Encodable {
        let type: String
        let version: UInt32
    }

    let decoded = true
    let type: String
    let decodedClasses: [String]
    let replacements: [Replacement]
    /// The version each user type the archive's nodes use was encoded with (at most
    /// ``maximumVersions`` of them).
    let versions: [Version]
    /// The value as Swift describes it, cut at ``BoundedDescription/maximumLength``.
    let description: String
    let descriptionTruncated: Bool

    /// The most types ``versions`` lists: an archive's type table can hold a million.
    static let maximumVersions = 1000

    init(type: String, value: Any, report: GraphDecodingReport?, types: [GraphTypeMapEntry]) {
        self.type = type
        decodedClasses = report?.decodedClasses ?? []
        replacements = (report?.replacements ?? []).map { Replacement(archived: $0.archived, replacement: $0.replacement) }
        versions = types.lazy.filter { ($0.kind == .valueType || $0.kind == .classType) && $0.instances > 0 }
            .prefix(Self.maximumVersions).map { Version(type: $0.qualifiedName, version: $0.version) }
        (description, descriptionTruncated) = BoundedDescription.describe(value)
    }
}
