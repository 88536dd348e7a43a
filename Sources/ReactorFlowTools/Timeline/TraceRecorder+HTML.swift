import ReactorFlow

extension TraceRecorder {
  /// The recording as one self-contained HTML page (no network, no other file): the timeline of
  /// ``svg(width:)``, the list of events, and a slider that steps through the session (the arrow
  /// keys do too), showing at each step the state of the reactor that did it and what changed.
  ///
  /// The states are there only when the recorder keeps them (`keepsStates: true`); without them
  /// the page still steps through the events. Open the file in any browser.
  /// - Parameters:
  ///   - title: The page's title.
  ///   - width: The timeline's width in pixels.
  /// - Returns: The HTML document (also well-formed XML).
  public func html(title: String = "ReactorFlow timeline", width: Int = 1100) -> String {
    // One end for the picture and the summary: rendering the states takes time of its own.
    let end = now
    let picture = timelinePicture(width: width, cursor: true, end: end)
    let names = reactorNames
    let data = pageData(xs: picture.x)
    var items: [String] = []
    for (index, entry) in entries.enumerated() {
      let kind = Self.kindName(entry.kind)
      let name = names[entry.row]
      items.append(
        ##"<li data-step="\##(index)" class="\##(kind)"><span class="time">\##(Self.xml(Self.label(entry.time)))</span> <span class="lane">\##(Self.xml(name))</span> \##(Self.xml(["effect", "started"].contains(kind) ? text(of: entry) : "\(kind) \(text(of: entry))"))</li>"##
      )
    }
    let counts = entries.reduce(into: [String: Int]()) { $0[Self.kindName($1.kind), default: 0] += 1 }
    let summary =
      "\(reactors.count) reactors, \(counts["action", default: 0]) actions, "
      + "\(counts["mutation", default: 0]) mutations, "
      + "\(spans(endingAt: end).count) effects over \(Self.label(end))."
    let states =
      keepsStates
      ? "" : " The states were not kept: make the recorder with keepsStates: true to see them."
    return """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>\(Self.xml(title))</title>
      <style>
      \(Self.pageStyle)
      </style>
      </head>
      <body>
      <h1>\(Self.xml(title))</h1>
      <p>\(Self.xml(summary)) Step through the session with the slider or the arrow keys \
      (← →, Home, End), or click an event or a mark.\(Self.xml(states))</p>
      <div id="timeline">
      \(picture.svg)</div>
      <div id="controls">
      <button id="previous" type="button" title="previous step (←)">←</button>
      <input id="step" type="range" min="0" max="\(max(entries.count - 1, 0))" value="0" aria-label="step"/>
      <button id="next" type="button" title="next step (→)">→</button>
      <span id="position"></span>
      </div>
      <div id="panes">
      <div id="detail">
      <h2>Step</h2>
      <p id="event"></p>
      <h2>What changed</h2>
      <pre id="changes"></pre>
      <h2>State of <span id="owner"></span></h2>
      <pre id="state"></pre>
      </div>
      <div id="list">
      <h2>Events</h2>
      <ol id="events">
      \(items.joined(separator: "\n"))
      </ol>
      </div>
      </div>
      <script type="application/json" id="trace-data">\(data)</script>
      <script>//<![CDATA[
      \(Self.pageScript)
      //]]></script>
      </body>
      </html>

      """
  }

  /// A state as the page shows it, one line per field: the one place the page renders a state.
  func stateLines(_ state: Any) -> [String] {
    StateDiff.outline(state, identities: false).map(readable)
  }

  private static func kindName(_ kind: Entry.Kind) -> String {
    switch kind {
    case .action: "action"
    case .mutation: "mutation"
    case .effectStarted, .effectEnded: "effect"
    case .started: "started"
    }
  }

  /// The steps, the lanes and the states as JSON that is safe inside a `<script>` element: each
  /// distinct state line is written once and the states list their lines by number.
  private func pageData(xs: [Int]) -> String {
    let names = reactorNames
    var lineNumbers: [String: Int] = [:]
    var lines: [String] = []
    var outlines: [[Int]] = []
    var latest: [Int: Int] = [:]  // a reactor's last state, as an index in outlines
    var steps: [String] = []
    for (index, entry) in entries.enumerated() {
      var changes: [Int] = []
      if let state = states[index] {
        let outline = stateLines(state).map { line in
          if let number = lineNumbers[line] { return number }
          lineNumbers[line] = lines.count
          lines.append(line)
          return lines.count - 1
        }
        if let previous = latest[entry.row] {
          changes = Self.changes(from: outlines[previous], to: outline)
        }
        latest[entry.row] = outlines.count
        outlines.append(outline)
      }
      let text = Self.json(text(of: entry), inScript: true)
      steps.append(
        #"{"lane":\#(entry.row),"kind":"\#(Self.kindName(entry.kind))","time":\#(Self.json(Self.label(entry.time))),"text":\#(text),"x":\#(xs[index]),"state":\#(latest[entry.row] ?? -1),"changed":\#(states[index] != nil),"changes":[\#(changes.map(String.init).joined(separator: ","))]}"#
      )
    }
    let laneNames = names.map { Self.json($0, inScript: true) }
    let stateLists = outlines.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
    return "{\"lanes\":[" + laneNames.joined(separator: ",") + "],\n\"lines\":["
      + lines.map { Self.json($0, inScript: true) }.joined(separator: ",\n") + "],\n\"states\":["
      + stateLists.joined(separator: ",\n") + "],\n\"steps\":[" + steps.joined(separator: ",\n") + "]}"
  }

  /// The lines that differ between two outlines (of line numbers): `n + 1` for line `n` added,
  /// `-(n + 1)` for line `n` removed, in the order a line diff shows them.
  package nonisolated static func changes(from old: [Int], to new: [Int]) -> [Int] {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var oldEnd = old.count
    var newEnd = new.count
    while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    let removed = Array(old[start..<oldEnd])
    let added = Array(new[start..<newEnd])
    // What is left is usually a few lines; past a bound, every line of it counts as changed.
    guard removed.count * added.count <= 250_000, !removed.isEmpty, !added.isEmpty else {
      return removed.map { -($0 + 1) } + added.map { $0 + 1 }
    }
    return StateDiff.edits(removed, added).compactMap { edit in
      switch edit {
      case .kept: nil
      case .removed(let index): -(removed[index] + 1)
      case .added(let index): added[index] + 1
      }
    }
  }

  private static let pageStyle = """
    body { font-family: Helvetica, Arial, sans-serif; font-size: 14px; margin: 16px; color: #1f2933; }
    h1 { font-size: 20px; margin: 0 0 4px 0; }
    h2 { font-size: 15px; margin: 12px 0 4px 0; }
    #timeline { overflow-x: auto; border: 1px solid #d5dae1; }
    #timeline g.mark { cursor: pointer; }
    #controls { margin: 10px 0; display: flex; align-items: center; gap: 8px; }
    #step { flex: 1; }
    #position { min-width: 160px; font-variant-numeric: tabular-nums; }
    #panes { display: flex; gap: 16px; align-items: flex-start; }
    #detail { flex: 3; min-width: 0; }
    #list { flex: 2; min-width: 0; max-height: 640px; overflow-y: auto; }
    #event { font-family: Menlo, Consolas, monospace; font-size: 13px; }
    pre { background: #f7f8fa; border: 1px solid #d5dae1; padding: 8px; margin: 0;
      max-height: 420px; overflow: auto; font-size: 12px; white-space: pre-wrap; }
    .added { color: #17692f; background: #e3f5e8; display: block; }
    .removed { color: #9b1c1c; background: #fbe4e4; display: block; }
    #events { font-family: Menlo, Consolas, monospace; font-size: 12px; padding-left: 44px; margin: 0; }
    #events li { cursor: pointer; padding: 1px 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    #events li.current { background: #fde68a; }
    #events li.action { color: #16427f; }
    #events li.mutation { color: #374151; }
    #events li.effect, #events li.started { color: #6b7280; }
    .time { color: #6b7280; }
    .lane { font-weight: bold; }
    """

  private static let pageScript = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("trace-data").textContent);
      var slider = document.getElementById("step");
      var items = document.querySelectorAll("#events li");
      var cursor = document.getElementById("cursor");
      var current = -1;
      function text(numbers) {
        return numbers.map(function (n) { return data.lines[n]; }).join("\\n");
      }
      function show(index) {
        if (data.steps.length === 0) {
          document.getElementById("position").textContent = "no events";
          return;
        }
        index = Math.max(0, Math.min(data.steps.length - 1, index));
        if (current >= 0) { items[current].classList.remove("current"); }
        current = index;
        slider.value = String(index);
        var step = data.steps[index];
        var lane = data.lanes[step.lane];
        items[index].classList.add("current");
        items[index].scrollIntoView({ block: "nearest" });
        document.getElementById("position").textContent =
          "step " + (index + 1) + " of " + data.steps.length + " at " + step.time;
        document.getElementById("event").textContent =
          lane + ": " + (step.kind === "action" || step.kind === "mutation" ? step.kind + " " : "") + step.text;
        document.getElementById("owner").textContent = lane;
        document.getElementById("state").textContent =
          step.state >= 0 ? text(data.states[step.state]) : "(no state kept)";
        var changes = document.getElementById("changes");
        changes.textContent = "";
        step.changes.forEach(function (change) {
          var line = document.createElement("span");
          line.className = change > 0 ? "added" : "removed";
          line.textContent = (change > 0 ? "+ " : "\\u2212 ") + data.lines[Math.abs(change) - 1];
          changes.appendChild(line);
        });
        if (step.changes.length === 0) {
          changes.textContent = step.changed ? "(the state is the same)"
            : step.kind === "action" ? "(an action changes nothing itself: its mutations do)"
            : step.kind === "started" ? "(the first state)" : "(nothing)";
        }
        if (cursor) {
          cursor.setAttribute("x1", String(step.x));
          cursor.setAttribute("x2", String(step.x));
          cursor.setAttribute("visibility", "visible");
        }
      }
      slider.addEventListener("input", function () { show(Number(slider.value)); });
      document.getElementById("previous").addEventListener("click", function () { show(current - 1); });
      document.getElementById("next").addEventListener("click", function () { show(current + 1); });
      items.forEach(function (item) {
        item.addEventListener("click", function () { show(Number(item.getAttribute("data-step"))); });
      });
      document.querySelectorAll("#timeline g.mark").forEach(function (mark) {
        mark.addEventListener("click", function () { show(Number(mark.getAttribute("data-first"))); });
      });
      document.addEventListener("keydown", function (event) {
        // The slider moves itself on arrow keys and reports it as input.
        if (event.target === slider) { return; }
        var moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
        if (event.key in moves) {
          show(current + moves[event.key]);
        } else if (event.key === "Home") {
          show(0);
        } else if (event.key === "End") {
          show(data.steps.length - 1);
        } else {
          return;
        }
        event.preventDefault();
      });
      show(0);
      window.reactorFlowTimeline = {
        show: show,
        step: function () { return current; },
        stepCount: data.steps.length
      };
    })();
    """
}
