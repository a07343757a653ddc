import Foundation
import PackagePlugin

/// Compiles every file under the package's top-level `Templates/` folder into the target as Swift
/// string literals, so a `transcripts` binary copied anywhere needs no resource folder beside it.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Templates")
        // Every file and folder is an input, so a changed, added or removed file re-runs the tool. The tool
        // lists the folder itself when it runs, because SwiftPM may reuse this plan after files were added.
        var inputs: [URL] = [root]
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where !url.lastPathComponent.hasPrefix(".") { inputs.append(url) }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding the built-in templates",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [root.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
