import Foundation

/// Foundation's unit classes, by the name archives give them, and its unit converters that
/// apps cannot build themselves.
enum FoundationUnits {
    /// Every concrete unit class Foundation defines, by its Swift name (the same on every
    /// platform). Not `Dimension` itself: it is abstract, and comparing two measurements in
    /// plain `Dimension` units of different symbols traps (it has no base unit).
    private static let classes: [Unit.Type] = [
        Unit.self, UnitAcceleration.self, UnitAngle.self, UnitArea.self,
        UnitConcentrationMass.self, UnitDispersion.self, UnitDuration.self, UnitElectricCharge.self,
        UnitElectricCurrent.self, UnitElectricPotentialDifference.self, UnitElectricResistance.self,
        UnitEnergy.self, UnitFrequency.self, UnitFuelEfficiency.self, UnitIlluminance.self,
        UnitInformationStorage.self, UnitLength.self, UnitMass.self, UnitPower.self, UnitPressure.self,
        UnitSpeed.self, UnitTemperature.self, UnitVolume.self,
    ]

    /// The archived name of `unit`'s class, or `nil` when it is not one of Foundation's.
    static func className(of unit: Unit) -> String? {
        classes.first { $0 == type(of: unit) }.map { String(describing: $0) }
    }

    /// The Foundation unit class archived as `name`.
    static func unitClass(named name: String) -> Unit.Type? {
        classes.first { String(describing: $0) == name }
    }

    /// Foundation's reciprocal converters (value = reciprocal ÷ base value), private to
    /// Foundation: those of the fuel efficiency units.
    private static var reciprocalConverters: [UnitConverter] {
        [UnitFuelEfficiency.litersPer100Kilometers, .milesPerGallon, .milesPerImperialGallon]
            .map(\.converter)
            .filter { !($0 is UnitConverterLinear) }
    }

    /// The reciprocal of `converter`, if it is one of Foundation's reciprocal converters.
    static func reciprocal(of converter: UnitConverter) -> Double? {
        reciprocalConverters.first { $0.isEqual(converter) }.map { $0.baseUnitValue(fromValue: 1) }
    }

    /// Foundation's reciprocal converter whose reciprocal is `reciprocal`, bit for bit.
    static func reciprocalConverter(_ reciprocal: Double) -> UnitConverter? {
        reciprocalConverters.first { $0.baseUnitValue(fromValue: 1).bitPattern == reciprocal.bitPattern }
    }
}
