import Foundation

/// Times operations as the benchmark reports them: each run once to warm up (and measure
/// its peak memory), then `runs` rounds in which every operation runs once, in turn (so
/// that a noisy moment of the machine falls on all of them alike); the median of each.
enum Timing {
    /// The median seconds of each of `operations`, and the peak memory of each.
    static func medians(_ operations: [() throws -> Void], runs: Int) throws -> (seconds: [Double], peakBytes: [Int?]) {
        let peaks = try operations.map { try PeakMemory.measure($0) }
        var times = [[Double]](repeating: [], count: operations.count)
        for _ in 0 ..< runs {
            for (index, operation) in operations.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try operation()
                times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        return (times.map { $0.sorted()[$0.count / 2] }, peaks)
    }
}
