import Feature

// A non-test target: the stubbed demo screen runs as an app's preview would, without XCTest.
let shown = await MainActor.run { CounterDemo.run() }
for line in shown {
  print(line)
}
