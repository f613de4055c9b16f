/// A place in a ``JSONText``: the offset of a value's first byte, and the ordinal of the
/// next array or object to open from there on (the value's own, when it is one).
struct JSONPosition {
    var offset: Int
    var ordinal: Int
}
