// swift-tools-version: 6.2
// The libFuzzer targets, one executable per input decoder, in a package of their own so that the
// root package never builds them; `.ci/fuzz.sh` builds and runs them. Each executable is one call
// into `FuzzTargets`, whose checks the root's `FuzzRegressionTests` run on the kept inputs.
import PackageDescription

let fuzzTargets = ["recording", "response", "line", "trace", "state", "commandline"]

let package = Package(
  name: "ReactorFlowFuzz",
  platforms: [.macOS(.v14)],
  targets: [
    // ReactorFlow is built here from its sources (a symbolic link), not depended on as a package:
    // the sample's command writes its files with `AtomicFile`, which has `package` access, and a
    // module sees `package` declarations only of its own package.
    .target(name: "ReactorFlow", path: "Sources/ReactorFlow"),
    .target(name: "ReactorFlowTools", dependencies: ["ReactorFlow"], path: "Sources/ReactorFlowTools"),
    // The sample is not a product of ReactorFlow, so its sources are built here from symbolic
    // links, as the benchmarks do; the command's sources without its `@main`, which libFuzzer's
    // own `main` replaces.
    .target(
      name: "RandomUserCore",
      dependencies: ["ReactorFlow"],
      path: "Sources/RandomUserCore"
    ),
    .target(
      name: "randomuser",
      dependencies: ["RandomUserCore", "ReactorFlow", "ReactorFlowTools"],
      path: "Sources/randomuser",
      exclude: ["RandomUserCommand.swift"]
    ),
    .target(
      name: "FuzzTargets",
      dependencies: ["RandomUserCore", "randomuser", "ReactorFlow", "ReactorFlowTools"]
    ),
    .target(name: "FuzzDriver", dependencies: ["FuzzTargets"]),
  ]
    + fuzzTargets.map { name in
      .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzDriver", "FuzzTargets"])
    },
  swiftLanguageModes: [.v6]
)
