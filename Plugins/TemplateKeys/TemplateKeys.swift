import Foundation
import PackagePlugin

/// Generates the template keys of the target's page models from their properties: for each type that declares
/// `TemplateModel`, its `TemplateKey` enum, `templateKeyIndex` and `templateValue(_:)`; for a type marked
/// `// generate: CodingKeys`, its `CodingKeys`; for a struct marked `// generate: Decodable` (the config's
/// settings), its `CodingKeys`, memberwise `init` and `init(keysFrom:)` (see `KeysGenerator` in
/// Sources/TemplateKeysTool, and docs/template-reference.md).
@main
struct TemplateKeys: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        // Every Swift file is an input: a model may be declared or changed in any of them, and a key's value
        // depends on whether the type of its property, declared anywhere in the target, is a model.
        let files = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "TemplateKeys.swift")
        return [
            .buildCommand(
                displayName: "Generating the keys of \(target.name)'s types from their properties",
                executable: try context.tool(named: "TemplateKeysTool").url,
                arguments: [output.path, module.directoryURL.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
