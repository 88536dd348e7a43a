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
      <p id="state-note" class="note"></p>
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

  /// A state's lines as the page shows them: its whole outline, which the page rebuilds from the
  /// reactor's first state and what each step changed.
  package func pageLines(of state: Any) -> [String] {
    StateDiff.outline(state, identities: false).map(stateLine)
  }

  /// An outline's line as the page shows it: without the prefixes of the reactors' modules.
  func stateLine(_ line: String) -> String {
    // Only a name with a module's prefix has a dot: most lines of a large state are numbers.
    line.utf8.contains(UInt8(ascii: ".")) ? readable(line) : line
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
  /// reactor's first state whole, then the lines that each later state of it changed.
  private func pageData(xs: [Int]) -> String {
    let entries = self.entries
    let changes = stateChanges
    let published = changes.keys.sorted()
    // Each reactor's first state: its latest outline, with its changes undone from the last.
    var firsts: [Int: [String]] = [:]
    for index in published.reversed() {
      let row = entries[index].row
      if firsts[row] == nil { firsts[row] = log.tracks[row]?.lines ?? [] }
      if case .hunks(let hunks) = changes[index] {
        for hunk in hunks.reversed() {
          firsts[row]?.replaceSubrange(hunk.at..<(hunk.at + hunk.added.count), with: hunk.removed)
        }
      }
    }
    func lines(_ lines: [String]) -> String {
      "[" + lines.map { Self.json(stateLine($0), inScript: true) }.joined(separator: ",\n") + "]"
    }
    var states: [String] = []
    var numbers: [Int: Int] = [:]  // a published state's index in `states`, by its entry's
    for index in published {
      let row = entries[index].row
      numbers[index] = states.count
      switch changes[index] {
      case .hunks(let hunks):
        let written = hunks.map { hunk in
          "[\(hunk.at),\(lines(hunk.removed)),\(lines(hunk.added)),\(Self.json(hunk.path, inScript: true))]"
        }
        states.append(#"{"lane":\#(row),"hunks":[\#(written.joined(separator: ","))]}"#)
      case .first, nil:
        states.append(#"{"lane":\#(row),"first":\#(lines(firsts[row] ?? []))}"#)
      }
    }
    var latest: [Int: Int] = [:]  // a reactor's last state, as an index in `states`
    var steps: [String] = []
    for (index, entry) in entries.enumerated() {
      if let number = numbers[index] { latest[entry.row] = number }
      let text = Self.json(text(of: entry), inScript: true)
      steps.append(
        #"{"lane":\#(entry.row),"kind":"\#(Self.kindName(entry.kind))","time":\#(Self.json(Self.label(entry.time))),"text":\#(text),"x":\#(xs[index]),"state":\#(latest[entry.row] ?? -1),"changed":\#(numbers[index] != nil)}"#
      )
    }
    let laneNames = reactorNames.map { Self.json($0, inScript: true) }
    return "{\"lanes\":[" + laneNames.joined(separator: ",") + "],\n\"states\":["
      + states.joined(separator: ",\n") + "],\n\"steps\":[" + steps.joined(separator: ",\n") + "]}"
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
    .changed { color: #17692f; background: #e3f5e8; }
    .path { color: #6b7280; display: block; }
    .elided { color: #6b7280; font-style: italic; }
    .note { color: #6b7280; font-size: 12px; margin: 0 0 4px 0; }
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
      // A state of more lines shows those around what changed, not all: laying out a hundred
      // thousand lines at every step would make stepping slow.
      var wholeStateLines = 5000;
      // The most changed lines listed for one step, and for one side of one change.
      var listedChanges = 2000;
      var listedSide = 300;
      // Each reactor's states in order, and the one whose lines it holds: a state is rebuilt from
      // the nearest one by applying or undoing the changes in between.
      var lanes = {};
      var ordinals = data.states.map(function (state, index) {
        var lane = lanes[state.lane] || (lanes[state.lane] = { states: [], lines: null, at: -1 });
        lane.states.push(index);
        return lane.states.length - 1;
      });
      function replace(lines, at, count, insert) {
        var i;
        if (count === insert.length) {
          for (i = 0; i < count; i += 1) { lines[at + i] = insert[i]; }
        } else if (insert.length < 10000) {
          Array.prototype.splice.apply(lines, [at, count].concat(insert));
        } else {
          // Past some thousands, the arguments of one call overflow the stack.
          var tail = lines.splice(at + count, lines.length - at - count);
          lines.length = at;
          for (i = 0; i < insert.length; i += 1) { lines.push(insert[i]); }
          for (i = 0; i < tail.length; i += 1) { lines.push(tail[i]); }
        }
      }
      function stateLines(index) {
        var lane = lanes[data.states[index].lane];
        var target = ordinals[index];
        var hunks;
        var i;
        if (lane.lines === null) {
          lane.lines = (data.states[lane.states[0]].first || []).slice();
          lane.at = 0;
        }
        while (lane.at < target) {
          lane.at += 1;
          hunks = data.states[lane.states[lane.at]].hunks || [];
          for (i = 0; i < hunks.length; i += 1) { replace(lane.lines, hunks[i][0], hunks[i][1].length, hunks[i][2]); }
        }
        while (lane.at > target) {
          hunks = data.states[lane.states[lane.at]].hunks || [];
          for (i = hunks.length - 1; i >= 0; i -= 1) { replace(lane.lines, hunks[i][0], hunks[i][2].length, hunks[i][1]); }
          lane.at -= 1;
        }
        return lane.lines;
      }
      function span(className, text) {
        var element = document.createElement("span");
        element.className = className;
        element.textContent = text;
        return element;
      }
      function indentation(line) {
        var count = 0;
        while (line.charCodeAt(count) === 32) { count += 1; }
        return count;
      }
      // The lines of a large state that show: around each change, and the lines that lead to it.
      function excerpt(lines, hunks) {
        var wanted = {};
        var places = hunks.length === 0 ? [[0, 40]] : hunks.slice(0, 50).map(function (hunk) {
          return [hunk[0], Math.max(1, Math.min(hunk[2].length, 200))];
        });
        places.forEach(function (place) {
          var i;
          for (i = Math.max(0, place[0] - 3); i < Math.min(lines.length, place[0] + place[1] + 3); i += 1) {
            wanted[i] = true;
          }
          var depth = indentation(lines[Math.min(place[0], lines.length - 1)]);
          for (i = place[0] - 1; i >= 0 && depth > 0; i -= 1) {
            var own = indentation(lines[i]);
            if (own < depth) {
              wanted[i] = true;
              depth = own;
            }
          }
        });
        return Object.keys(wanted).map(Number).sort(function (a, b) { return a - b; });
      }
      function showState(lines, hunks) {
        var pane = document.getElementById("state");
        var note = document.getElementById("state-note");
        var changed = {};
        var shown = [];
        var i;
        pane.textContent = "";
        hunks.forEach(function (hunk) {
          for (var line = 0; line < hunk[2].length; line += 1) { changed[hunk[0] + line] = true; }
        });
        if (lines.length <= wholeStateLines) {
          for (i = 0; i < lines.length; i += 1) { shown.push(i); }
          note.textContent = "";
        } else {
          shown = excerpt(lines, hunks);
          note.textContent = lines.length + " lines: those around what changed show, under the lines that lead to them.";
        }
        var text = "";
        var last = -1;
        function flush() {
          if (text !== "") { pane.appendChild(document.createTextNode(text)); }
          text = "";
        }
        function gap(count) {
          flush();
          pane.appendChild(span("elided", "\\u22ef " + count + " line" + (count === 1 ? "" : "s")));
        }
        shown.forEach(function (line, position) {
          if (position > 0) { text += "\\n"; }
          if (line > last + 1) {
            gap(line - last - 1);
            text += "\\n";
          }
          if (changed[line]) {
            flush();
            pane.appendChild(span("changed", lines[line]));
          } else {
            text += lines[line];
          }
          last = line;
        });
        if (shown.length > 0 && last < lines.length - 1) {
          text += "\\n";
          gap(lines.length - 1 - last);
        }
        flush();
      }
      function showChanges(step) {
        var changes = document.getElementById("changes");
        var state = step.changed && step.state >= 0 ? data.states[step.state] : null;
        var hunks = state && state.hunks ? state.hunks : [];
        var listed = 0;
        var left = 0;
        changes.textContent = "";
        hunks.forEach(function (hunk) {
          if (listed >= listedChanges) {
            left += hunk[1].length + hunk[2].length;
            return;
          }
          if (hunk[3] !== "") { changes.appendChild(span("path", hunk[3])); }
          // Each side in part, so that a long removal does not hide what was added.
          [[hunk[1], "removed", "\\u2212 "], [hunk[2], "added", "+ "]].forEach(function (side) {
            var shown = side[0].slice(0, listedSide);
            shown.forEach(function (line) { changes.appendChild(span(side[1], side[2] + line)); });
            listed += shown.length;
            if (side[0].length > shown.length) {
              changes.appendChild(span("elided", "\\u22ef " + (side[0].length - shown.length) + " more lines"));
            }
          });
        });
        if (left > 0) { changes.appendChild(span("elided", "\\u22ef " + left + " more changed lines")); }
        if (hunks.length === 0) {
          changes.textContent = state && state.first ? "(the first state)"
            : state ? "(the state is the same)"
            : step.kind === "action" ? "(an action changes nothing itself: its mutations do)"
            : step.kind === "started" ? "(the first state)" : "(nothing)";
        }
        return hunks;
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
        var hunks = showChanges(step);
        if (step.state >= 0) {
          showState(stateLines(step.state), hunks);
        } else {
          document.getElementById("state").textContent = "(no state kept)";
          document.getElementById("state-note").textContent = "";
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
        stepCount: data.steps.length,
        // The whole state of the current step, which a large state's pane shows only in part.
        stateText: function () {
          var step = data.steps[current];
          return step && step.state >= 0 ? stateLines(step.state).join("\\n") : null;
        }
      };
    })();
    """
}
