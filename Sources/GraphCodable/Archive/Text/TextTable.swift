/// Short texts made once and written many times (a dump's labels, a JSON form's keys), kept
/// in one buffer: writing one touches no reference count, where an array of arrays retains
/// and releases the text it hands out.
struct TextTable {
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]

    init(_ texts: [[UInt8]]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for text in texts {
            ranges.append(bytes.count ..< bytes.count + text.count)
            bytes += text
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    var count: Int { ranges.count }

    /// Writes text `index`.
    @inline(__always)
    func write(_ index: Int, to output: inout TextOutput) throws {
        try bytes.withUnsafeBufferPointer { try output.write(UnsafeBufferPointer(rebasing: $0[ranges[index]])) }
    }

    /// Appends text `index` to `line`.
    @inline(__always)
    func append(_ index: Int, to line: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { line.append(contentsOf: UnsafeBufferPointer(rebasing: $0[ranges[index]])) }
    }
}
