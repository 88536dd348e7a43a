// swift-tools-version: 6.2
// A consumer set up as Xcode 26 sets up a new app target: default isolation `MainActor` and
// "approachable concurrency" (nonisolated async functions run on the caller's actor; isolated
// conformances are inferred).
import PackageDescription

let approachableConcurrency: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]
let xcode26AppDefaults: [SwiftSetting] = [.defaultIsolation(MainActor.self)] + approachableConcurrency

let package = Package(
  name: "Feature",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(path: "../ReactorFlow")  // README: .package(url: "…/ReactorFlow.git", branch: "main")
  ],
  targets: [
    .target(
      name: "Feature",
      dependencies: [.product(name: "ReactorFlow", package: "ReactorFlow")],
      swiftSettings: xcode26AppDefaults),
    // RxTodo's task editor, whose client protocols are main-actor isolated by these defaults.
    .target(
      name: "TaskEditor",
      dependencies: [.product(name: "ReactorFlow", package: "ReactorFlow")],
      swiftSettings: xcode26AppDefaults),
    // A non-test target that runs the stubbed demo screen (CounterDemo), as a preview would.
    .executableTarget(
      name: "FeatureDemo", dependencies: ["Feature"],
      swiftSettings: xcode26AppDefaults),
    // Swift Testing, with the app target's settings: what Xcode 26's test template makes.
    .testTarget(
      name: "FeatureAppTests",
      dependencies: [
        "Feature", "TaskEditor", .product(name: "ReactorFlowTesting", package: "ReactorFlow"),
        .product(name: "ReactorFlowTools", package: "ReactorFlow"),
      ],
      swiftSettings: xcode26AppDefaults),
    // An XCTest target of the app's own (nonisolated, as Linux XCTest needs): it builds the app's
    // models, client values and fixtures, which are declared `nonisolated` for it.
    .testTarget(
      name: "TodoTests",
      dependencies: ["TaskEditor", .product(name: "ReactorFlowTesting", package: "ReactorFlow")],
      swiftSettings: approachableConcurrency),
    // The shared XCTest cases, with approachable concurrency. (On Linux, swift-corelibs-xctest's
    // `XCTestCase.init(name:testClosure:)` cannot be overridden by a class that is main-actor
    // isolated by default, so an XCTest target there keeps nonisolated default isolation.)
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "Feature", .product(name: "ReactorFlowTesting", package: "ReactorFlow"),
        .product(name: "ReactorFlowTools", package: "ReactorFlow"),
      ],
      swiftSettings: approachableConcurrency),
    // Tests of the mock that `swift package generate-mocks` writes into it (see consumers.sh), with
    // the app's settings: the generated file compiles where the main actor is the default.
    .testTarget(
      name: "MockTests",
      dependencies: ["Feature", .product(name: "ReactorFlowTesting", package: "ReactorFlow")],
      swiftSettings: xcode26AppDefaults),
  ]
)
