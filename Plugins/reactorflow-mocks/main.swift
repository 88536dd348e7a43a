// The tool behind `swift package generate-mocks`: reads the symbol graphs of one or more modules,
// writes one mock per marked protocol into a folder, formats them, and removes the mocks it wrote
// before for protocols that are no longer marked.
//
//   reactorflow-mocks --symbol-graph FILE [--symbol-graph FILE …] --output DIR --command TEXT
//                     [--swift-format PATH]
import Foundation
import MockGenerator

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
  exit(status)
}

var arguments = ArraySlice(CommandLine.arguments.dropFirst())
var options: [String: [String]] = [:]
while let name = arguments.popFirst() {
  guard name.hasPrefix("--"), let value = arguments.popFirst() else {
    fail("reactorflow-mocks: unexpected argument \(name)", status: 2)
  }
  options[String(name.dropFirst(2)), default: []].append(value)
}
guard let graphPaths = options["symbol-graph"], let output = options["output"]?.first,
  let command = options["command"]?.first
else {
  fail(
    "usage: reactorflow-mocks --symbol-graph FILE … --output DIR --command TEXT [--swift-format PATH]",
    status: 2)
}

do {
  var files: [MockGenerator.File] = []
  var problems: [Problem] = []
  for path in graphPaths {
    let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    switch MockGenerator.mocks(of: graph, command: command) {
    case .failure(let failure):
      problems += failure.problems
    case .success(let mocks):
      if mocks.isEmpty {
        print("generate-mocks: no protocol of \(graph.module.name) has a documentation line `- Mockable`")
      }
      files += mocks
    }
  }
  guard problems.isEmpty else {
    fail(
      problems.map(\.description).joined(separator: "\n") + "\ngenerate-mocks: no mock was written", status: 1
    )
  }
  let formatter = options["swift-format"]?.first.map { URL(fileURLWithPath: $0) }
  for line in try MockFolder(URL(fileURLWithPath: output, isDirectory: true)).write(
    files, formatter: formatter)
  {
    print(line)
  }
} catch {
  fail("generate-mocks: \(error)", status: 1)
}
