import Foundation

/// `ShapeGenerator INPUT.shape OUTPUT.swift`: the Swift of one declaration file.
/// `ShapeGenerator --index MODULE OUTPUT.swift INPUT.shape…`: `<MODULE>Shapes.all`, every shape the files declare.
/// (`@main`, not top-level code: the fuzz build parses every target as a library.)
@main
enum ShapeGenerator {
    static func main() { run() }

    /// Generates what the arguments ask for, or exits with 2 (usage) or 1 (a file it cannot read or parse).
    nonisolated static func run() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if arguments.first == "--index", arguments.count >= 3 {
                let files = try arguments.dropFirst(3).sorted().map(parse)
                try write(IndexEmitter(module: arguments[1]).emit(files.flatMap(\.shapes)), to: arguments[2])
            } else if arguments.count == 2 {
                var emitter = SwiftEmitter(source: URL(fileURLWithPath: arguments[0]).lastPathComponent)
                try write(emitter.emit(try parse(arguments[0])), to: arguments[1])
            } else {
                FileHandle.standardError.write(Data("usage: ShapeGenerator INPUT.shape OUTPUT.swift | --index MODULE OUTPUT.swift INPUT.shape…\n".utf8))
                exit(2)
            }
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }

    /// Writes `text` to `path` unless it holds it already (so an unchanged output does not rebuild its module).
    static func write(_ text: String, to path: String) throws {
        if let old = try? String(contentsOfFile: path, encoding: .utf8), old == text { return }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func parse(_ path: String) throws -> ShapeFile {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try ShapeParser(file: path).parse(text)
    }
}

/// The fuzz build (`scripts/fuzz`) links libFuzzer into every executable, this tool of the build too, and there
/// libFuzzer's `main` is the one that runs: it calls `LLVMFuzzerInitialize` first, which runs the generator and
/// exits. Neither function is called in any other build.
@_cdecl("LLVMFuzzerInitialize")
func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    ShapeGenerator.run()
    exit(0)
}

/// Named by libFuzzer's `main` (see `fuzzerInitialize`); never called.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }
