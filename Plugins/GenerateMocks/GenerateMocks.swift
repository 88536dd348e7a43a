import Foundation
import PackagePlugin

/// `swift package generate-mocks --target Feature --output Tests/FeatureTests/Mocks`: asks SwiftPM
/// for the symbol graph of each target named (internal declarations included, so that an app's
/// internal client protocols are seen) and has `reactorflow-mocks` write a `Spy`-based mock of each
/// protocol whose documentation comment has a line `- Mockable`.
@main
struct GenerateMocks: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let outputs = extractor.extractOption(named: "output")
    guard !targetNames.isEmpty, outputs.count == 1, let output = outputs.first,
      extractor.remainingArguments.isEmpty
    else {
      throw PluginError(
        """
        usage: swift package --allow-writing-to-package-directory generate-mocks \
        --target TARGET [--target TARGET …] --output FOLDER
        (unexpected: \(extractor.remainingArguments.joined(separator: " ")))
        """)
    }
    let tool = try context.tool(named: "reactorflow-mocks")
    // The toolchain's formatter, with the package's `.swift-format`; without one the files keep
    // the generator's own layout.
    let formatter = try? context.tool(named: "swift-format")
    let folder = context.package.directoryURL.appending(path: output)
    var toolArguments = [
      "--output", folder.path, "--command",
      "swift package --allow-writing-to-package-directory generate-mocks "
        + (targetNames.map { "--target \($0)" } + ["--output \(output)"]).joined(separator: " "),
    ]
    for target in try context.package.targets(named: targetNames) {
      let graph = try packageManager.getSymbolGraph(
        for: target,
        options: .init(minimumAccessLevel: .internal, includeSynthesized: false, includeSPI: true))
      // The graph is named after the module: `githubsearch_demo` for the target `githubsearch-demo`.
      let module = (target as? SourceModuleTarget)?.moduleName ?? target.name
      toolArguments += ["--symbol-graph", graph.directoryURL.appending(path: "\(module).symbols.json").path]
    }
    if let formatter { toolArguments += ["--swift-format", formatter.url.path] }
    // One run for every target, so that a mock of one target is not taken for a stale one of another.
    let process = try Process.run(tool.url, arguments: toolArguments)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PluginError("generate-mocks: no mock was written (see above)")
    }
  }
}

/// A failure the plugin reports as its message.
struct PluginError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
