/// What makes two encoded values one: the same object, or the same identifier of a type.
enum Identity: Hashable {
    case object(ObjectIdentifier)
    case value(type: ObjectIdentifier, id: AnyHashable)
}

/// How the encoder finds the identity of the values of one type, under its options.
///
/// The rules, in order: with `.disableIdentity` none; with `.tryHashableIdentityAtFirst`
/// a `Hashable` value itself; a `GIdentifiable`'s `gcodableID` (unless ignored; a `nil` id
/// means no identity); otherwise a class's `ObjectIdentifier` (unless disabled); last,
/// with `.tryHashableIdentityAtLast`, a `Hashable` value itself.
struct IdentityRule {
    /// The identity of the value `pointer` points to, if it has one.
    let identify: (UnsafeRawPointer) -> Identity?

    /// The rule for `type`, or `nil` when its values never have an identity.
    static func rule<T>(for type: T.Type, options: GraphEncoder.Options) -> IdentityRule? {
        guard !options.contains(.disableIdentity) else { return nil }
        var steps: [(UnsafeRawPointer) -> Identity?] = []
        let hashable = (type as? any Hashable.Type).map { hashableIdentity($0) }
        if options.contains(.tryHashableIdentityAtFirst), let hashable { steps.append(hashable) }
        if !options.contains(.ignoreGIdentifiableProtocol), let identifiable = type as? any GIdentifiable.Type {
            steps.append(identifiableIdentity(identifiable))
        } else if type is AnyClass && !options.contains(.disableAutoObjectIdentifierIdentityForReferences) {
            steps.append { .object(ObjectIdentifier($0.load(as: AnyObject.self))) }
        }
        if options.contains(.tryHashableIdentityAtLast), let hashable { steps.append(hashable) }
        switch steps.count {
        case 0: return nil
        case 1: return IdentityRule(identify: steps[0])
        default:
            return IdentityRule { pointer in
                for step in steps { if let identity = step(pointer) { return identity } }
                return nil
            }
        }
    }

    private static func hashableIdentity<H: Hashable>(_: H.Type) -> (UnsafeRawPointer) -> Identity? {
        { .value(type: ObjectIdentifier(H.self), id: AnyHashable($0.assumingMemoryBound(to: H.self).pointee)) }
    }

    private static func identifiableIdentity<I: GIdentifiable>(_: I.Type) -> (UnsafeRawPointer) -> Identity? {
        { pointer in
            pointer.assumingMemoryBound(to: I.self).pointee.gcodableID.map {
                .value(type: ObjectIdentifier(I.self), id: AnyHashable($0))
            }
        }
    }
}
