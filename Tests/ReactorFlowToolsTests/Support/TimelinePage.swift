import Foundation
import XCTest

/// The data of a `TraceRecorder.html` page, read as its script reads it.
struct TimelinePage {
  let data: [String: Any]

  /// Reads the JSON of the page's `trace-data` script.
  init(_ html: String) throws {
    let start = try XCTUnwrap(html.range(of: #"<script type="application/json" id="trace-data">"#))
    let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = String(html[start.upperBound..<end.lowerBound])
    data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  var steps: [[String: Any]] { data["steps"] as? [[String: Any]] ?? [] }
  var states: [[String: Any]] { data["states"] as? [[String: Any]] ?? [] }

  /// One state's hunks: where, the lines removed, the lines added, and the path they show.
  func hunks(ofState index: Int) -> [(at: Int, removed: [String], added: [String], path: String)] {
    guard states.indices.contains(index), let hunks = states[index]["hunks"] as? [[Any]] else { return [] }
    return hunks.map { hunk in
      (
        hunk.first as? Int ?? -1, hunk.count > 1 ? hunk[1] as? [String] ?? [] : [],
        hunk.count > 2 ? hunk[2] as? [String] ?? [] : [], hunk.count > 3 ? hunk[3] as? String ?? "" : ""
      )
    }
  }

  /// Every state's lines, rebuilt as the page's script does: a reactor's first state, then each
  /// of its later states' hunks applied to the one before.
  func rebuiltStates() -> [[String]] {
    var latest: [Int: [String]] = [:]
    var rebuilt: [[String]] = []
    for (index, state) in states.enumerated() {
      let lane = state["lane"] as? Int ?? -1
      if let first = state["first"] as? [String] {
        latest[lane] = first
      } else {
        var lines = latest[lane] ?? []
        for hunk in hunks(ofState: index) {
          guard hunk.at >= 0, hunk.at + hunk.removed.count <= lines.count,
            Array(lines[hunk.at..<(hunk.at + hunk.removed.count)]) == hunk.removed
          else {
            XCTFail("state \(index): a hunk at \(hunk.at) does not remove the lines it names: \(hunk)")
            continue
          }
          lines.replaceSubrange(hunk.at..<(hunk.at + hunk.removed.count), with: hunk.added)
        }
        latest[lane] = lines
      }
      rebuilt.append(latest[lane] ?? [])
    }
    return rebuilt
  }

  /// The lines of the state that step `index` shows, or `[]` without one.
  func stateLines(atStep index: Int, rebuilt: [[String]]) -> [String] {
    guard steps.indices.contains(index), let state = steps[index]["state"] as? Int,
      rebuilt.indices.contains(state)
    else { return [] }
    return rebuilt[state]
  }

  /// What step `index` changed, as the page lists it: `− ` before a removed line, `+ ` before
  /// an added one.
  func changes(atStep index: Int) -> [String] {
    guard steps.indices.contains(index), steps[index]["changed"] as? Bool == true,
      let state = steps[index]["state"] as? Int
    else { return [] }
    return hunks(ofState: state).flatMap { $0.removed.map { "− " + $0 } + $0.added.map { "+ " + $0 } }
  }
}
