import Foundation

/// A reference to a type from a node: a ``NativeTypeCode`` (1…63) or, from
/// ``TypeReference/firstTableReference`` on, an entry of the archive's type table.
enum TypeReference {
    static let firstTableReference: UInt32 = 64

    static func tableIndex(_ reference: UInt32) -> Int? {
        reference >= firstTableReference ? Int(reference - firstTableReference) : nil
    }

    static func reference(forTableIndex index: Int) -> UInt32 { firstTableReference + UInt32(index) }
}

/// The stable codes of the types every reader knows without Swift type names.
///
/// Codes never change meaning: an archive written on one platform reads on every other.
enum NativeTypeCode: UInt8, CaseIterable {
    // Scalars: `BIV` payloads with a fixed layout.
    case bool = 1, int8, int16, int32, int64, uint8, uint16, uint32, uint64, int, uint
    case float = 12, double, cgFloat
    case string = 15, character, data, date, uuid, url, decimal
    case cgPoint = 22, cgSize, cgRect, float16, int128, uint128
    // Structured values: `VAL` nodes whose fields are themselves natives.
    case array = 40, set, dictionary, optional
    case indexSet = 44, indexPath, dateComponents, timeZone, locale, characterSet
    case personNameComponents = 50, measurement, urlComponents, calendar

    /// Whether the code names a `BIV` scalar rather than a structured `VAL`.
    var isScalar: Bool { rawValue < NativeTypeCode.array.rawValue }

    /// Whether a range layout may have bounds of this type: the packable scalars that Swift
    /// orders (integers, floating-point numbers, dates, UUIDs and decimals).
    var isRangeBound: Bool {
        switch self {
        case .bool, .string, .character, .data, .url, .cgPoint, .cgSize, .cgRect: return false
        default: return isScalar
        }
    }

    /// The name readers show for the type.
    var name: String {
        switch self {
        case .bool: return "Bool"
        case .int8: return "Int8"
        case .int16: return "Int16"
        case .int32: return "Int32"
        case .int64: return "Int64"
        case .uint8: return "UInt8"
        case .uint16: return "UInt16"
        case .uint32: return "UInt32"
        case .uint64: return "UInt64"
        case .int: return "Int"
        case .uint: return "UInt"
        case .float: return "Float"
        case .double: return "Double"
        case .cgFloat: return "CGFloat"
        case .string: return "String"
        case .character: return "Character"
        case .data: return "Data"
        case .date: return "Date"
        case .uuid: return "UUID"
        case .url: return "URL"
        case .decimal: return "Decimal"
        case .cgPoint: return "CGPoint"
        case .cgSize: return "CGSize"
        case .cgRect: return "CGRect"
        case .float16: return "Float16"
        case .int128: return "Int128"
        case .uint128: return "UInt128"
        case .array: return "Array"
        case .set: return "Set"
        case .dictionary: return "Dictionary"
        case .optional: return "Optional"
        case .indexSet: return "IndexSet"
        case .indexPath: return "IndexPath"
        case .dateComponents: return "DateComponents"
        case .timeZone: return "TimeZone"
        case .locale: return "Locale"
        case .characterSet: return "CharacterSet"
        case .personNameComponents: return "PersonNameComponents"
        case .measurement: return "Measurement"
        case .urlComponents: return "URLComponents"
        case .calendar: return "Calendar"
        }
    }
}

/// The layout of a native `BIV` payload: a scalar, or a container of natives.
enum NativeDescriptor: Hashable, CustomStringConvertible {
    case scalar(NativeTypeCode)
    indirect case array(NativeDescriptor)
    indirect case set(NativeDescriptor)
    indirect case dictionary(NativeDescriptor, NativeDescriptor)
    indirect case optional(NativeDescriptor)
    indirect case range(NativeDescriptor)
    indirect case closedRange(NativeDescriptor)
    indirect case simd(lanes: Int, NativeDescriptor)

    /// The lane counts of the standard library's SIMD vectors.
    static let simdLaneCounts: Set<Int> = [2, 3, 4, 8, 16, 32, 64]

    /// The layout's name, written in one pass, so that it takes time linear in its length
    /// (no part's name is copied into the next).
    var description: String {
        var name = ""
        write(to: &name)
        return name
    }

    private func write(to name: inout String) {
        func generic(_ base: String, _ parts: NativeDescriptor...) {
            name += base + "<"
            for (index, part) in parts.enumerated() {
                if index > 0 { name += ", " }
                part.write(to: &name)
            }
            name += ">"
        }
        switch self {
        case .scalar(let code): name += code.name
        case .array(let element): generic("Array", element)
        case .set(let element): generic("Set", element)
        case .dictionary(let key, let value): generic("Dictionary", key, value)
        case .optional(let wrapped): generic("Optional", wrapped)
        case .range(let bound): generic("Range", bound)
        case .closedRange(let bound): generic("ClosedRange", bound)
        case .simd(let lanes, let scalar): generic("SIMD\(lanes)", scalar)
        }
    }
}

/// A BinaryIO type whose payload layout every reader knows (see ``NativeDescriptor``).
protocol NativeBinaryType: BinaryIOType {
    static var nativeDescriptor: NativeDescriptor { get }
}

/// A field-by-field encoded type with a stable ``NativeTypeCode`` for its `VAL` nodes.
protocol NativeValueType {
    static var nativeTypeCode: NativeTypeCode { get }
}
