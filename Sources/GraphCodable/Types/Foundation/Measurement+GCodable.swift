import Foundation

extension Measurement: GEncodable, GDecodable, NativeValueType {
    static var nativeTypeCode: NativeTypeCode { .measurement }

    private enum Key: String { case value, symbol, unitClass, coefficient, constant, reciprocal }

    /// Stores the value, the unit's symbol and the name of its class (one of Foundation's:
    /// other unit classes throw); for a dimension, also its converter to the base unit:
    /// the coefficient and constant of a linear one, or the reciprocal of one of
    /// Foundation's reciprocal converters (fuel efficiency). Other converters throw.
    public func encode(to encoder: GEncoder) throws {
        guard let className = FoundationUnits.className(of: unit) else {
            throw GCodableError.cannotEncode(Self.self, "the unit class \(type(of: unit)) is not one of Foundation's")
        }
        try encoder.encode(value, for: Key.value)
        try encoder.encode(unit.symbol, for: Key.symbol)
        try encoder.encode(className, for: Key.unitClass)
        guard let dimension = unit as? Dimension else { return }
        if let linear = dimension.converter as? UnitConverterLinear {
            try encoder.encode(linear.coefficient, for: Key.coefficient)
            try encoder.encode(linear.constant, for: Key.constant)
        } else if let reciprocal = FoundationUnits.reciprocal(of: dimension.converter) {
            try encoder.encode(reciprocal, for: Key.reciprocal)
        } else {
            throw GCodableError.cannotEncode(
                Self.self, "the converter \(type(of: dimension.converter)) of \"\(unit.symbol)\" is neither linear nor one of Foundation's")
        }
    }

    public init(from decoder: GDecoder) throws {
        let value: Double = try decoder.decode(for: Key.value)
        let symbol: String = try decoder.decode(for: Key.symbol)
        let className: String = try decoder.decode(for: Key.unitClass)
        guard let unitClass = FoundationUnits.unitClass(named: className) else {
            throw GCodableError.corrupted("\"\(className)\" is not a Foundation unit class", rule: .measurementUnit)
        }
        let unit: Unit
        if let dimensionClass = unitClass as? Dimension.Type {
            unit = dimensionClass.init(symbol: symbol, converter: try Self.decodeConverter(decoder))
        } else {
            unit = unitClass.init(symbol: symbol)
        }
        guard let unit = unit as? UnitType else {
            throw GCodableError.typeMismatch(
                UnitType.self, .init(debugDescription: "a measurement in \(className) is not in \(UnitType.self)"))
        }
        self.init(value: value, unit: unit)
    }

    private static func decodeConverter(_ decoder: GDecoder) throws -> UnitConverter {
        guard let reciprocal: Double = try decoder.decodeIfPresent(for: Key.reciprocal) else {
            return UnitConverterLinear(
                coefficient: try decoder.decode(for: Key.coefficient), constant: try decoder.decode(for: Key.constant))
        }
        guard let converter = FoundationUnits.reciprocalConverter(reciprocal) else {
            throw GCodableError.corrupted("no Foundation unit converter has the reciprocal \(reciprocal)", rule: .measurementUnit)
        }
        return converter
    }
}
