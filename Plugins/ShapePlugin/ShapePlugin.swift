import Foundation
import PackagePlugin

/// Runs `ShapeGenerator` over a target's `.shape` files: one Swift file per declaration file, and the
/// module's list of its shapes (`<Module>Shapes.all`), all in the plugin's work directory.
@main
struct ShapePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let shapes = module.sourceFiles.map(\.url).filter { $0.pathExtension == "shape" }.sorted { $0.path < $1.path }
        guard !shapes.isEmpty else { return [] }
        let generator = try context.tool(named: "ShapeGenerator").url
        let output = context.pluginWorkDirectoryURL
        var commands: [Command] = shapes.map { shape in
            let swift = output.appendingPathComponent(shape.deletingPathExtension().lastPathComponent + "+Shape.swift")
            return .buildCommand(
                displayName: "Generating \(swift.lastPathComponent) from \(shape.lastPathComponent)", executable: generator,
                arguments: [shape.path, swift.path], inputFiles: [shape], outputFiles: [swift])
        }
        let index = output.appendingPathComponent("\(module.name)Shapes.swift")
        commands.append(
            .buildCommand(
                displayName: "Listing the shapes of \(module.name)", executable: generator,
                arguments: ["--index", module.name, index.path] + shapes.map(\.path), inputFiles: shapes, outputFiles: [index]))
        return commands
    }
}
