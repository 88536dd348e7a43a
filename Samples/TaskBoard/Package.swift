// swift-tools-version: 6.2
// TaskBoard: a small to-do board built as Xcode 26 builds an app target (default isolation
// `MainActor`, approachable concurrency), depending on ReactorFlow by path.
import PackageDescription

let approachableConcurrency: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]
let xcode26AppDefaults: [SwiftSetting] = [.defaultIsolation(MainActor.self)] + approachableConcurrency

let package = Package(
  name: "TaskBoard",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    // Named, so that the products below find it whatever the checkout's folder is called (a
    // path dependency's identity is otherwise its folder's name).
    .package(name: "ReactorFlow", path: "../..")
  ],
  targets: [
    // The app's models, clients and reactors.
    .target(
      name: "TaskBoard",
      dependencies: [.product(name: "ReactorFlow", package: "ReactorFlow")],
      swiftSettings: xcode26AppDefaults),
    // The screens' previews, run as a program: stubbed reactors and clients, no test framework.
    .executableTarget(
      name: "TaskBoardDemo", dependencies: ["TaskBoard"], swiftSettings: xcode26AppDefaults),
    // Swift Testing with the app target's settings, as Xcode 26's test template makes it.
    .testTarget(
      name: "TaskBoardTests",
      dependencies: ["TaskBoard", .product(name: "ReactorFlowTesting", package: "ReactorFlow")],
      swiftSettings: xcode26AppDefaults),
    // XCTest, nonisolated by default: on Linux, swift-corelibs-xctest's `XCTestCase` cannot be
    // subclassed by a class that is main-actor isolated by default.
    .testTarget(
      name: "TaskBoardXCTests",
      dependencies: ["TaskBoard", .product(name: "ReactorFlowTesting", package: "ReactorFlow")],
      swiftSettings: approachableConcurrency),
  ],
  swiftLanguageModes: [.v6]
)
