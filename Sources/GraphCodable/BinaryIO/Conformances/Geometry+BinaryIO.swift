import Foundation

// SIMD vectors store their lanes in order; points, sizes and rectangles their
// components as CGFloat (a Double).

extension BinaryOType where Self: SIMD, Scalar: BinaryOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        for index in indices { try self[index].write(to: &wbuffer) }
    }
}

extension BinaryIType where Self: SIMD, Scalar: BinaryIType {
    public init(from rbuffer: inout BinaryReadBuffer) throws {
        self.init()
        for index in indices { self[index] = try Scalar(from: &rbuffer) }
    }
}

extension SIMD2: BinaryIOType where Scalar: BinaryIOType {}
extension SIMD3: BinaryIOType where Scalar: BinaryIOType {}
extension SIMD4: BinaryIOType where Scalar: BinaryIOType {}
extension SIMD8: BinaryIOType where Scalar: BinaryIOType {}
extension SIMD16: BinaryIOType where Scalar: BinaryIOType {}
extension SIMD32: BinaryIOType where Scalar: BinaryIOType {}
extension SIMD64: BinaryIOType where Scalar: BinaryIOType {}

extension CGPoint: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try x.write(to: &wbuffer)
        try y.write(to: &wbuffer)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        self.init(x: try CGFloat(from: &rbuffer), y: try CGFloat(from: &rbuffer))
    }
}

extension CGSize: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try width.write(to: &wbuffer)
        try height.write(to: &wbuffer)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        self.init(width: try CGFloat(from: &rbuffer), height: try CGFloat(from: &rbuffer))
    }
}

extension CGRect: BinaryIOType {
    public func write(to wbuffer: inout BinaryWriteBuffer) throws {
        try origin.write(to: &wbuffer)
        try size.write(to: &wbuffer)
    }

    public init(from rbuffer: inout BinaryReadBuffer) throws {
        self.init(origin: try CGPoint(from: &rbuffer), size: try CGSize(from: &rbuffer))
    }
}
