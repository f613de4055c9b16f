import Foundation

// Scalars are stored as one BinaryIO unit with a native layout; all but strings, characters,
// data and URLs are packable, so their containers are stored as one block.

extension Bool: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.bool) } }
extension Int8: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.int8) } }
extension Int16: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.int16) } }
extension Int32: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.int32) } }
extension Int64: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.int64) } }
extension Int: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.int) } }
extension UInt8: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uint8) } }
extension UInt16: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uint16) } }
extension UInt32: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uint32) } }
extension UInt64: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uint64) } }
extension Int128: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.int128) } }
extension UInt128: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uint128) } }
extension UInt: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uint) } }
#if !(os(macOS) && arch(x86_64))
extension Float16: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.float16) } }
#endif
extension Float: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.float) } }
extension Double: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.double) } }
extension CGFloat: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.cgFloat) } }
extension Decimal: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.decimal) } }
extension Date: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.date) } }
extension UUID: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.uuid) } }
extension CGPoint: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.cgPoint) } }
extension CGSize: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.cgSize) } }
extension CGRect: GPackCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.cgRect) } }

// Copy-on-write types may be given an identity, so they are binary but not packable.
extension String: GBinaryCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.string) } }
extension Character: GBinaryCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.character) } }
extension Data: GBinaryCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.data) } }
extension URL: GBinaryCodable, NativeBinaryType { static var nativeDescriptor: NativeDescriptor { .scalar(.url) } }

extension SIMD2: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}
extension SIMD3: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}
extension SIMD4: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}
extension SIMD8: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}
extension SIMD16: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}
extension SIMD32: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}
extension SIMD64: GEncodable, GDecodable, GBinaryEncodable, GBinaryDecodable, GPackable where Scalar: GPackCodable {}

extension SIMD2: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 2, Scalar.nativeDescriptor) }
}
extension SIMD3: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 3, Scalar.nativeDescriptor) }
}
extension SIMD4: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 4, Scalar.nativeDescriptor) }
}
extension SIMD8: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 8, Scalar.nativeDescriptor) }
}
extension SIMD16: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 16, Scalar.nativeDescriptor) }
}
extension SIMD32: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 32, Scalar.nativeDescriptor) }
}
extension SIMD64: NativeBinaryType where Scalar: NativeBinaryType {
    static var nativeDescriptor: NativeDescriptor { .simd(lanes: 64, Scalar.nativeDescriptor) }
}
