// Writes the template keys of a target's page models (see `KeysGenerator`).
// Usage: TemplateKeysTool <output.swift> <target folder> <source.swift>...
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: TemplateKeysTool OUTPUT ROOT SOURCE...\n".utf8))
    exit(2)
}
let output = arguments[1]
let root = arguments[2].hasSuffix("/") ? arguments[2] : arguments[2] + "/"
do {
    let sources = try arguments.dropFirst(3).map { path in
        KeysGenerator.Source(
            path: path, name: path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path,
            text: try String(contentsOfFile: path, encoding: .utf8))
    }
    let text = try KeysGenerator.generate(sources)
    // Rewritten only when it changed, so that an unchanged output does not make the target compile again.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch let error as GenerationError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
