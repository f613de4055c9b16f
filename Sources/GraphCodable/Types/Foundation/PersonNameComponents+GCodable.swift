import Foundation

extension PersonNameComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .personNameComponents }

    private enum Key: String {
        case namePrefix, givenName, middleName, familyName, nameSuffix, nickname, phoneticRepresentation
    }

    public init(from decoder: GDecoder) throws {
        self.init()
        namePrefix = try decoder.decodeIfPresent(for: Key.namePrefix)
        givenName = try decoder.decodeIfPresent(for: Key.givenName)
        middleName = try decoder.decodeIfPresent(for: Key.middleName)
        familyName = try decoder.decodeIfPresent(for: Key.familyName)
        nameSuffix = try decoder.decodeIfPresent(for: Key.nameSuffix)
        nickname = try decoder.decodeIfPresent(for: Key.nickname)
        phoneticRepresentation = try decoder.decodeIfPresent(for: Key.phoneticRepresentation)
        guard phoneticRepresentation?.phoneticRepresentation == nil else {
            throw GCodableError.corrupted("a phonetic representation has a phonetic representation of its own", rule: .personNameFields)
        }
    }

    /// Stores each component that is set; a phonetic representation may not have one of
    /// its own (such chains can only nest without end).
    public func encode(to encoder: GEncoder) throws {
        guard phoneticRepresentation?.phoneticRepresentation == nil else {
            throw GCodableError.cannotEncode(Self.self, "a phonetic representation has a phonetic representation of its own")
        }
        try encoder.encodeIfPresent(namePrefix, for: Key.namePrefix)
        try encoder.encodeIfPresent(givenName, for: Key.givenName)
        try encoder.encodeIfPresent(middleName, for: Key.middleName)
        try encoder.encodeIfPresent(familyName, for: Key.familyName)
        try encoder.encodeIfPresent(nameSuffix, for: Key.nameSuffix)
        try encoder.encodeIfPresent(nickname, for: Key.nickname)
        try encoder.encodeIfPresent(phoneticRepresentation, for: Key.phoneticRepresentation)
    }
}
