import Foundation

/// `ShapeGenerator INPUT.shape OUTPUT.swift`: the Swift of one declaration file.
/// `ShapeGenerator --index MODULE OUTPUT.swift INPUT.shape…`: `<MODULE>Shapes.all`, every shape the files declare.
/// (`@main`, not top-level code: the fuzz build parses every target as a library.)
@main
enum ShapeGenerator {
    static func main() {
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
