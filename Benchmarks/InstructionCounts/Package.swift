// swift-tools-version: 6.2
// Small release executables that run benchmark cases' code, for counting their
// instructions with valgrind's callgrind (see README.md and count.sh). Its only dependency is
// ReactorFlow; count.sh can point it at another checkout of ReactorFlow (`REACTORFLOW_PATH`).
import PackageDescription

let package = Package(
  name: "InstructionCounts",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "ReactorFlow", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "instruction-counts",
      dependencies: [
        .product(name: "ReactorFlow", package: "ReactorFlow"),
        .product(name: "ReactorFlowTools", package: "ReactorFlow"),
        .product(name: "ReactorFlowTesting", package: "ReactorFlow"),
      ],
      path: "Sources/instruction-counts"
    ),
    // The recording cases, on the same counter, in a module of their own (see RecordingCounts.swift).
    .executableTarget(
      name: "recording-counts",
      dependencies: [
        .product(name: "ReactorFlow", package: "ReactorFlow"),
        .product(name: "ReactorFlowTools", package: "ReactorFlow"),
      ],
      path: "Sources/recording-counts"
    ),
    // The JSON bytes per step of recorded sessions (not instructions: run directly, not under
    // callgrind), in a module of its own so that its reactors do not change the recording cases.
    .executableTarget(
      name: "recording-bytes",
      dependencies: [
        .product(name: "ReactorFlow", package: "ReactorFlow"),
        .product(name: "ReactorFlowTools", package: "ReactorFlow"),
      ],
      path: "Sources/recording-bytes"
    ),
  ],
  swiftLanguageModes: [.v6]
)
