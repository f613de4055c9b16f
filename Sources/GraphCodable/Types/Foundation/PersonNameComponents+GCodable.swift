import Foundation

extension PersonNameComponents: GCodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .personNameComponents }

    private enum Key: String {
        case namePrefix, givenName, middleName, familyName, nameSuffix, nickname, phoneticRepresentation
    }

    public init(from decoder: GDecoder) throws {
        try self.init(namesFrom: decoder)
        let phonetic: PhoneticName? = try decoder.decodeIfPresent(for: Key.phoneticRepresentation)
        phoneticRepresentation = phonetic?.components
    }

    /// The string components alone.
    private init(namesFrom decoder: GDecoder) throws {
        self.init()
        namePrefix = try decoder.decodeIfPresent(for: Key.namePrefix)
        givenName = try decoder.decodeIfPresent(for: Key.givenName)
        middleName = try decoder.decodeIfPresent(for: Key.middleName)
        familyName = try decoder.decodeIfPresent(for: Key.familyName)
        nameSuffix = try decoder.decodeIfPresent(for: Key.nameSuffix)
        nickname = try decoder.decodeIfPresent(for: Key.nickname)
    }

    /// A phonetic representation: string components only. One of its own is refused where
    /// it is met, unread, so that no chain of them is followed.
    private struct PhoneticName: GDecodable, NativeValueType {
        static var nativeTypeCode: NativeTypeCode { .personNameComponents }
        let components: PersonNameComponents

        init(from decoder: GDecoder) throws {
            components = try PersonNameComponents(namesFrom: decoder)
            let _: NoPhoneticName? = try decoder.decodeIfPresent(for: Key.phoneticRepresentation)
        }
    }

    /// What a phonetic representation may not hold.
    private struct NoPhoneticName: GDecodable, NativeValueType {
        static var nativeTypeCode: NativeTypeCode { .personNameComponents }

        init(from decoder: GDecoder) throws {
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
