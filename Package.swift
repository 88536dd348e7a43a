// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ReactorFlow",
  // `Clock` and `Duration` need these; `isolated deinit` is back-deployed for the main actor.
  // `ObservedReactor` (Observation) and the exact waits of ReactorFlowTesting (task executors)
  // need newer systems and say so with `@available`: see the README's platform table.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "ReactorFlow", targets: ["ReactorFlow"]),
    .library(name: "ReactorFlowTools", targets: ["ReactorFlowTools"]),
    .library(name: "ReactorFlowTesting", targets: ["ReactorFlowTesting"]),
    // `swift package generate-mocks`: Spy-based mocks of the protocols a target marks.
    .plugin(name: "GenerateMocks", targets: ["GenerateMocks"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "ReactorFlow"),
    // The debugging tools, beside the engine and built on its inspection: the change log, the
    // timeline, recording and replay. An app that does not import them does not compile them.
    .target(name: "ReactorFlowTools", dependencies: ["ReactorFlow"]),
    // The testing library uses the tools for `assertReplays` and the state diffs of its messages.
    .target(name: "ReactorFlowTesting", dependencies: ["ReactorFlow", "ReactorFlowTools"]),
    // The sample's core: a target, not a product, so that a package that adds ReactorFlow gets the
    // framework and its testing library only. The executable and the tests use it here, and the
    // benchmarks build it from the same sources (Benchmarks/Benchmarks/RandomUserCore).
    .target(
      name: "RandomUserCore",
      dependencies: ["ReactorFlow"],
      path: "Samples/RandomUser/Sources/RandomUserCore"
    ),
    .executableTarget(
      name: "randomuser",
      dependencies: ["RandomUserCore", "ReactorFlowTools"],
      path: "Samples/RandomUser/Sources/randomuser"
    ),
    // The second sample, ReactorKit's GitHubSearch example ported with the migration guide: its
    // UI-free core and a program that runs its previews.
    .target(
      name: "GitHubSearchCore",
      dependencies: ["ReactorFlow"],
      path: "Samples/GitHubSearch/Sources/GitHubSearchCore"
    ),
    .executableTarget(
      name: "githubsearch-demo",
      dependencies: ["GitHubSearchCore"],
      path: "Samples/GitHubSearch/Sources/githubsearch-demo"
    ),
    // Helpers and fixture reactors that several test targets use, so that none keeps a copy.
    .target(
      name: "ReactorFlowTestSupport", dependencies: ["ReactorFlow"], path: "Tests/ReactorFlowTestSupport"),
    // Folders that mirror Sources/ReactorFlow, and Docs/ for the snippets of its articles.
    .testTarget(
      name: "ReactorFlowTests",
      dependencies: ["ReactorFlow", "ReactorFlowTesting", "ReactorFlowTestSupport", "ReactorFlowTools"],
      // Files of earlier formats, read through their path (`#filePath`) forever.
      exclude: ["Persistence/Fixtures"]),
    .testTarget(
      name: "ReactorFlowToolsTests",
      dependencies: ["ReactorFlow", "ReactorFlowTesting", "ReactorFlowTestSupport", "ReactorFlowTools"]),
    .testTarget(
      name: "ReactorFlowTestingTests",
      dependencies: ["ReactorFlow", "ReactorFlowTesting", "ReactorFlowTestSupport", "ReactorFlowTools"]),
    // The inputs the fuzz targets were seeded with or crashed on, replayed through the targets'
    // checks, whose sources are linked from the fuzz package in Tests/Fuzz.
    .testTarget(
      name: "FuzzRegressionTests",
      dependencies: ["RandomUserCore", "ReactorFlow", "ReactorFlowTools", "randomuser"]
    ),
    .testTarget(
      name: "RandomUserTests",
      dependencies: [
        "RandomUserCore", "ReactorFlow", "ReactorFlowTesting", "ReactorFlowTestSupport", "ReactorFlowTools",
        "randomuser",
      ],
      // Read through their path (`#filePath`), as a user's test reads a recording it keeps.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "GitHubSearchTests",
      dependencies: ["GitHubSearchCore", "ReactorFlow", "ReactorFlowTesting", "githubsearch-demo"]
    ),
    // The mock generator: the command plugin asks SwiftPM for a target's symbol graph and hands it
    // to the tool, which writes the mocks. The generator is a library so that its tests call it
    // on committed symbol graphs without running the plugin.
    .plugin(
      name: "GenerateMocks",
      capability: .command(
        intent: .custom(
          verb: "generate-mocks",
          description: "Writes a Spy-based mock of each protocol of a target marked `/// - Mockable`"),
        permissions: [
          .writeToPackageDirectory(reason: "Writes the generated mocks into the folder given by --output")
        ]),
      dependencies: ["reactorflow-mocks"],
      path: "Plugins/GenerateMocks"
    ),
    .executableTarget(
      name: "reactorflow-mocks", dependencies: ["MockGenerator"], path: "Plugins/reactorflow-mocks"),
    .target(name: "MockGenerator", path: "Plugins/MockGenerator"),
    .testTarget(
      name: "MockGeneratorTests",
      dependencies: ["MockGenerator"],
      // Symbol graphs and the mocks written from them, read through their path (`#filePath`).
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
