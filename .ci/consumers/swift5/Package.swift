// swift-tools-version: 6.2
// A consumer in Swift 5 language mode, as many existing apps still are.
import PackageDescription

let package = Package(
  name: "Feature",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(path: "../ReactorFlow")  // README: .package(url: "…/ReactorFlow.git", branch: "main")
  ],
  targets: [
    .target(
      name: "Feature",
      dependencies: [.product(name: "ReactorFlow", package: "ReactorFlow")]),
    // A non-test target that runs the stubbed demo screen (CounterDemo), as a preview would.
    .executableTarget(name: "FeatureDemo", dependencies: ["Feature"]),
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "Feature", .product(name: "ReactorFlowTesting", package: "ReactorFlow"),
        .product(name: "ReactorFlowTools", package: "ReactorFlow"),
      ]),
    // Tests of the mock that `swift package generate-mocks` writes into it (see consumers.sh).
    .testTarget(
      name: "MockTests",
      dependencies: ["Feature", .product(name: "ReactorFlowTesting", package: "ReactorFlow")]),
  ],
  swiftLanguageModes: [.v5]
)
