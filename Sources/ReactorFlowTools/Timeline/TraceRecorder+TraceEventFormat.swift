import ReactorFlow

extension TraceRecorder {
  /// The recording in the Trace Event Format (a JSON object with `traceEvents`), which Perfetto
  /// (ui.perfetto.dev) and `chrome://tracing` open.
  ///
  /// Each reactor is a process (a track group, named after it) with a thread of actions and
  /// mutations (instant events) and one thread per lane of effects: each effect is a `B`/`E` span
  /// from its start to its end; the `E` event's `outcome` says whether it finished, was
  /// cancelled, failed, or still ran when the trace was written (then it ends at ``now``).
  /// Times are microseconds since the recorder was made.
  /// - Returns: The JSON text.
  public func traceEventJSON() -> String {
    let end = now
    let spans = spans(endingAt: end)
    let lanes = Self.laneCounts(spans)
    let names = reactorNames
    var events: [String] = []
    for (row, name) in names.enumerated() {
      let pid = row + 1
      events.append(metadata("process_name", pid: pid, tid: 0, name: name))
      events.append(metadata("thread_name", pid: pid, tid: 0, name: "actions and mutations"))
      for lane in 0..<(lanes[row] ?? 0) {
        events.append(metadata("thread_name", pid: pid, tid: lane + 1, name: "effects \(lane + 1)"))
      }
    }
    // Instants, then spans (a span's B and E in time order on its lane's thread).
    for entry in entries {
      let pid = entry.row + 1
      switch entry.kind {
      case .action(let text, let source):
        events.append(
          instant(
            "action \(readable(text))", category: "action", pid: pid, time: entry.time,
            args: ["source": "\(source)"]))
      case .mutation(let text, let effect):
        events.append(
          instant(
            "mutation \(readable(text))", category: "mutation", pid: pid, time: entry.time,
            args: ["effect": effect.map { "\($0)" } ?? "mutate"]))
      case .effectStarted, .effectEnded, .started:
        continue
      }
    }
    for span in spans {
      let pid = span.row + 1
      let name = Self.json("effect #\(span.effect.serial) \(span.effect.label)")
      let location = Self.json("\(span.effect.fileID):\(span.effect.line)")
      let tid = span.lane + 1
      events.append(
        #"{"name":\#(name),"cat":"effect","ph":"B","ts":\#(span.start.microseconds),"pid":\#(pid),"tid":\#(tid),"args":{"built at":\#(location)}}"#
      )
      events.append(
        #"{"name":\#(name),"cat":"effect","ph":"E","ts":\#(span.end.microseconds),"pid":\#(pid),"tid":\#(tid),"args":{"outcome":\#(Self.json(span.outcome))}}"#
      )
    }
    return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
  }

  private func metadata(_ kind: String, pid: Int, tid: Int, name: String) -> String {
    #"{"name":"\#(kind)","ph":"M","pid":\#(pid),"tid":\#(tid),"args":{"name":\#(Self.json(name))}}"#
  }

  private func instant(
    _ name: String, category: String, pid: Int, time: Duration, args: [String: String]
  ) -> String {
    let arguments = args.sorted { $0.key < $1.key }.map { "\(Self.json($0.key)):\(Self.json($0.value))" }
    return
      #"{"name":\#(Self.json(name)),"cat":"\#(category)","ph":"i","s":"t","ts":\#(time.microseconds),"pid":\#(pid),"tid":0,"args":{\#(arguments.joined(separator: ","))}}"#
  }

  /// A JSON string literal; `inScript`, it also never contains `<`, `>`, `&`, a line separator
  /// or a noncharacter XML forbids (U+FFFE, U+FFFF), so that it can stand in an HTML or XML
  /// `<script>` element as it is.
  nonisolated static func json(_ text: String, inScript: Bool = false) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _
      where scalar.value < 0x20
        || (inScript && ("<>&\u{2028}\u{2029}\u{FFFE}\u{FFFF}".unicodeScalars.contains(scalar))):
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
