import Foundation
import FuzzTargets

/// The target this process fuzzes, from `INTERLUDE_FUZZ_TARGET` (set by `scripts/fuzz`).
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["INTERLUDE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("INTERLUDE_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    target.run(Data(bytes: bytes, count: count))
    return 0
}
