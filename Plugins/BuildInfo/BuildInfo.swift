import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` into the target before each build: the commit
/// the binary is built from and its date, as `remindc --version` says
/// them (scripts/build-info.sh; "unknown" outside a git checkout).
@main struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let script = context.package.directoryURL.appendingPathComponent("scripts/build-info.sh")
        return [
            .prebuildCommand(
                displayName: "Recording the commit remindc is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
