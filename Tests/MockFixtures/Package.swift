// swift-tools-version: 6.2
// The fixture of the mock generator: protocols of every requirement shape that
// `swift package generate-mocks` covers, their mocks (generated into Tests/ShapesTests/Mocks) and
// tests that use each mock. `.ci/mocks.sh` regenerates the mocks, checks that they are the
// committed ones, and builds and runs the tests.
import PackageDescription

let package = Package(
  name: "MockFixtures",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "ReactorFlow", path: "../..")],
  targets: [
    // Swift 6 with SwiftPM's defaults.
    .target(name: "Shapes"),
    // Xcode 26's app-target defaults: requirements are main-actor isolated unless marked otherwise.
    .target(
      name: "MainActorShapes",
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]),
    // Protocols the generator refuses, each for a reason its message must name.
    .target(name: "Unmockable"),
    .testTarget(
      name: "ShapesTests",
      dependencies: [
        "Shapes", "MainActorShapes", .product(name: "ReactorFlowTesting", package: "ReactorFlow"),
      ]),
  ]
)
