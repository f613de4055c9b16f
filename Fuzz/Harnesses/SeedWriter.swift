import Foundation

/// Before fuzzing starts: with `FUZZ_WRITE_SEEDS=DIR` in the environment, the harness writes
/// its seed inputs (``fuzzSeeds()``, which each harness defines) to DIR, one file each, and
/// exits; `Fuzz/fuzz.sh seeds` commits them as the harness's corpus.
@_cdecl("LLVMFuzzerInitialize")
public func initializeFuzzer(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"] else { return 0 }
    for (index, seed) in fuzzSeeds().enumerated() {
        let path = "\(directory)/seed-\(String(format: "%03d", index))"
        guard FileManager.default.createFile(atPath: path, contents: Data(seed)) else {
            fatalError("cannot write \(path)")
        }
    }
    exit(0)
}
