// swift-tools-version: 6.1
// The benchmarks live in their own package so that the root package keeps no dependencies and
// `swift test` at the root never builds or runs them. See README.md for how to run them.
import PackageDescription

let package = Package(
  name: "ReactorFlowBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "ReactorFlow", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    // The harness's own malloc counter; read directly for per-action and per-reactor figures.
    .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.5.0"),
  ],
  targets: [
    // The sample's core is not a product of ReactorFlow (users must not get it), so the benchmarks
    // build its sources themselves: Benchmarks/RandomUserCore is a symbolic link to them.
    .target(
      name: "RandomUserCore",
      dependencies: [.product(name: "ReactorFlow", package: "ReactorFlow")],
      path: "Benchmarks/RandomUserCore",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "ReactorFlowBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReactorFlow", package: "ReactorFlow"),
        "RandomUserCore",
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ],
      path: "Benchmarks/ReactorFlowBenchmarks",
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
