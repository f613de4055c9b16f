/// The object that `value`, of a class type, is: its one strong reference, read from its
/// memory without the run-time's cast. The caller knows `T` to be a class.
@inline(__always)
func objectReference<T>(of value: T) -> AnyObject {
    withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: AnyObject.self) }
}
