/// What makes two encoded values one when it is not the object itself: the same identifier
/// of the same type.
struct ValueIdentity: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable
}

/// How the encoder finds the identity of the values of one type, under its options.
///
/// The rules, in order: with `.disableIdentity` none; with `.tryHashableIdentityAtFirst`
/// a `Hashable` value itself; a `GIdentifiable`'s `gcodableID` (unless ignored; a `nil` id
/// means no identity); otherwise a class's `ObjectIdentifier` (unless disabled); last,
/// with `.tryHashableIdentityAtLast`, a `Hashable` value itself.
enum IdentityRule {
    /// A class instance is one with itself: the session finds it by its address.
    case object
    /// The identity of the value a pointer points to, if it has one.
    case value((UnsafeRawPointer) -> ValueIdentity?)

    /// The rule for `type`, or `nil` when its values never have an identity.
    static func rule<T>(for type: T.Type, options: GraphEncoder.Options) -> IdentityRule? {
        guard !options.contains(.disableIdentity) else { return nil }
        // A value's own hash never fails to give an identity, so no rule follows it.
        let hashable = (type as? any Hashable.Type).map { hashableIdentity($0) }
        if options.contains(.tryHashableIdentityAtFirst), let hashable { return .value(hashable) }
        let last = options.contains(.tryHashableIdentityAtLast) ? hashable : nil
        if !options.contains(.ignoreGIdentifiableProtocol), let identifiable = type as? any GIdentifiable.Type {
            let identify = identifiableIdentity(identifiable)
            guard let last else { return .value(identify) }
            return .value { identify($0) ?? last($0) }
        }
        // An object's identity never fails either.
        if type is AnyClass && !options.contains(.disableAutoObjectIdentifierIdentityForReferences) { return .object }
        return last.map { .value($0) }
    }

    private static func hashableIdentity<H: Hashable>(_: H.Type) -> (UnsafeRawPointer) -> ValueIdentity? {
        { ValueIdentity(type: ObjectIdentifier(H.self), id: AnyHashable($0.assumingMemoryBound(to: H.self).pointee)) }
    }

    private static func identifiableIdentity<I: GIdentifiable>(_: I.Type) -> (UnsafeRawPointer) -> ValueIdentity? {
        { pointer in
            pointer.assumingMemoryBound(to: I.self).pointee.gcodableID.map {
                ValueIdentity(type: ObjectIdentifier(I.self), id: AnyHashable($0))
            }
        }
    }
}
