import ReactorFlow

extension TraceRecorder {
  /// The recording as a self-contained SVG picture: no scripts, no external files, no fonts to
  /// load.
  ///
  /// Each reactor instance has a row from the moment it started, named by its type and its
  /// number among the instances of that type in start order (`DetailReactor #2`). The row shows
  /// its actions (blue marks, labelled with the action's name where there is room) above its
  /// mutations (grey marks); marks closer than a few pixels are drawn as one mark with their
  /// count. Under it a row per lane of its effects shows each effect as a bar from its start to
  /// its end, labelled with its name and duration and coloured by how it ended (finished,
  /// cancelled, failed, or still running when the picture was made). The time axis is labelled.
  /// Where a viewer shows hover text, each mark lists every action or mutation it stands for.
  /// - Parameter width: The picture's width in pixels.
  /// - Returns: The SVG document.
  public func svg(width: Int = 960) -> String {
    let picture = timelinePicture(width: width, cursor: false, end: now)
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + picture.svg
  }

  /// The picture's SVG element and, for each entry, the x coordinate it is drawn at.
  func timelinePicture(width: Int, cursor: Bool, end: Duration) -> (svg: String, x: [Int], height: Int) {
    let spans = spans(endingAt: end)
    let lanes = Self.laneCounts(spans)
    let names = reactorNames
    let layout = SVGLayout(width: max(width, 400), end: max(end, entries.last?.time ?? .zero))
    var rows: [Int] = []  // each row's y
    var rowY = layout.top
    for row in reactors.indices {
      rows.append(rowY)
      rowY += layout.reactorHeight + (lanes[row] ?? 0) * layout.laneHeight
    }
    let legendY = rowY + 8
    let height = legendY + 24
    var starts: [Int: Duration] = [:]
    for entry in entries where starts[entry.row] == nil { starts[entry.row] = entry.time }
    let xs = entries.map { layout.x($0.time) }

    var body: [String] = []
    body.append(
      ##"<rect x="0" y="0" width="\##(layout.width)" height="\##(height)" fill="#ffffff"/>"##)
    for (row, y) in rows.enumerated() {
      let rowHeight = layout.reactorHeight + (lanes[row] ?? 0) * layout.laneHeight
      let startX = layout.x(starts[row] ?? .zero)
      let name = names[row]
      body.append(
        ##"<rect x="0" y="\##(y)" width="\##(layout.width)" height="\##(rowHeight)" fill="#f7f8fa"/>"##)
      body.append(
        ##"<rect x="\##(startX)" y="\##(y + 1)" width="\##(layout.width - layout.right - startX + 8)" height="\##(rowHeight - 2)" fill="#e8edf4"><title>\##(Self.xml("\(name) started at \(Self.label(starts[row] ?? .zero))"))</title></rect>"##
      )
      body.append(
        ##"<text x="8" y="\##(y + 16)" font-weight="bold">\##(Self.xml(Self.cut(name, to: 26)))</text>"##)
      for lane in 0..<(lanes[row] ?? 0) {
        let laneY = y + layout.reactorHeight + lane * layout.laneHeight
        body.append(##"<text x="20" y="\##(laneY + 15)" fill="#555555">effects \##(lane + 1)</text>"##)
      }
    }
    body += layout.axis(bottom: legendY)
    body += layout.legend(y: legendY)
    let groups = markGroups(xs: xs)
    for (index, group) in groups.enumerated() {
      let y = rows[group.row]
      let next = groups[(index + 1)...].first { $0.row == group.row && $0.isAction == group.isAction }
      body += markElements(group, y: y, nextX: next?.x ?? layout.width - 4)
    }
    body += barElements(spans, rows: rows, layout: layout)
    if cursor {
      body.append(
        ##"<line id="cursor" x1="\##(layout.left)" y1="\##(layout.top - 6)" x2="\##(layout.left)" y2="\##(legendY)" stroke="#d0443e" stroke-width="2" visibility="hidden"/>"##
      )
    }
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(layout.width)" height="\(height)" \
      viewBox="0 0 \(layout.width) \(height)" font-family="Helvetica, Arial, sans-serif" font-size="12">
      \(body.joined(separator: "\n"))
      </svg>

      """
    return (svg, xs, height)
  }

  /// Actions or mutations of one reactor drawn as one mark: the entries closer than a few pixels.
  struct MarkGroup {
    let row: Int
    let isAction: Bool
    let x: Int
    var entries: [Int]
  }

  /// The marks, in time order within each row: an entry within `closeness` pixels of its row's
  /// last mark joins it.
  func markGroups(xs: [Int], closeness: Int = 5) -> [MarkGroup] {
    var groups: [MarkGroup] = []
    struct Row: Hashable {
      let row: Int
      let isAction: Bool
    }
    var last: [Row: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let isAction: Bool
      switch entry.kind {
      case .action: isAction = true
      case .mutation: isAction = false
      case .effectStarted, .effectEnded, .started: continue
      }
      let row = Row(row: entry.row, isAction: isAction)
      // A mark that would touch the last one (a bar, or a badge as wide as its count) joins it.
      if let open = last[row],
        xs[index] - groups[open].x <= max(closeness, Self.badgeWidth(groups[open].entries.count) + 2)
      {
        groups[open].entries.append(index)
      } else {
        last[row] = groups.count
        groups.append(MarkGroup(row: entry.row, isAction: isAction, x: xs[index], entries: [index]))
      }
    }
    return groups
  }

  private func markElements(_ group: MarkGroup, y: Int, nextX: Int) -> [String] {
    let colour = group.isAction ? "#1f5fbf" : "#6b7280"
    let top = group.isAction ? y + 3 : y + 21
    let lines = group.entries.map { index in
      let entry = entries[index]
      return "\(Self.label(entry.time)) \(group.isAction ? "action" : "mutation") \(text(of: entry))"
    }
    let title =
      group.entries.count == 1
      ? lines[0]
      : "\(group.entries.count) \(group.isAction ? "actions" : "mutations"):\n"
        + lines.joined(separator: "\n")
    var elements = [
      ##"<g class="mark \##(group.isAction ? "action" : "mutation")" data-count="\##(group.entries.count)" data-first="\##(group.entries[0])"><title>\##(Self.xml(title))</title>"##
    ]
    var labelX = group.x + 5
    if group.entries.count == 1 {
      elements.append(
        ##"<rect x="\##(group.x - 1)" y="\##(top)" width="3" height="14" fill="\##(colour)"/>"##)
    } else {
      let count = "\(group.entries.count)"
      let badge = Self.badgeWidth(group.entries.count)
      elements.append(
        ##"<rect x="\##(group.x - 1)" y="\##(top)" width="\##(badge)" height="14" rx="4" fill="\##(colour)"/>"##
      )
      elements.append(
        ##"<text x="\##(group.x - 1 + badge / 2)" y="\##(top + 11)" text-anchor="middle" fill="#ffffff" font-size="10" font-weight="bold">\##(count)</text>"##
      )
      labelX = group.x + badge + 3
    }
    // The label takes the room up to the next mark of the row (or the picture's edge).
    let room = nextX - labelX - 4
    var names: [String] = []
    for index in group.entries {
      let name = Self.name(of: text(of: entries[index]))
      if !names.contains(name) { names.append(name) }
    }
    let label = group.entries.count == 1 ? text(of: entries[group.entries[0]]) : names.joined(separator: ", ")
    let fitted = Self.cut(label, to: min(room / 6, 40))
    if fitted.count >= 4 {
      elements.append(
        ##"<text x="\##(labelX)" y="\##(top + 11)" font-size="11" fill="\##(group.isAction ? "#16427f" : "#4b5563")">\##(Self.xml(fitted))</text>"##
      )
    }
    elements.append("</g>")
    return elements
  }

  /// The width of a mark that stands for `count` entries.
  static func badgeWidth(_ count: Int) -> Int {
    count == 1 ? 3 : 8 + "\(count)".count * 7
  }

  private func barElements(_ spans: [Span], rows: [Int], layout: SVGLayout) -> [String] {
    var elements: [String] = []
    for (index, span) in spans.enumerated() {
      let y = rows[span.row] + layout.reactorHeight + span.lane * layout.laneHeight
      let x = layout.x(span.start)
      let barWidth = max(layout.x(span.end) - x, 2)
      let colour =
        switch span.outcome {
        case "finished": "#3c9a5f"
        case "cancelled": "#e0a030"
        case "running": "#9aa5b1"
        default: "#d0443e"
        }
      let name = readable(span.effect.label)
      let duration = Self.label(span.end - span.start)
      let title = Self.xml(
        "effect #\(span.effect.serial) \(name) \(span.outcome) after \(duration): "
          + "\(Self.label(span.start)) to \(Self.label(span.end))")
      elements.append(
        ##"<rect class="effect" x="\##(x)" y="\##(y + 3)" width="\##(barWidth)" height="\##(layout.laneHeight - 6)" rx="3" fill="\##(colour)"><title>\##(title)</title></rect>"##
      )
      // Inside the bar when it fits, else after it up to the next bar of its lane.
      let label = "\(name) · \(duration)"
      let nextStart =
        spans[(index + 1)...].first { $0.row == span.row && $0.lane == span.lane }
        .map { layout.x($0.start) } ?? layout.width - 4
      if barWidth - 8 >= label.count * 6 {
        elements.append(
          ##"<text x="\##(x + 4)" y="\##(y + 15)" font-size="11" fill="#ffffff">\##(Self.xml(label))</text>"##
        )
      } else {
        let fitted = Self.cut(label, to: (nextStart - x - barWidth - 8) / 6)
        if fitted.count >= 4 {
          elements.append(
            ##"<text x="\##(x + barWidth + 4)" y="\##(y + 15)" font-size="11" fill="#333333">\##(Self.xml(fitted))</text>"##
          )
        }
      }
    }
    return elements
  }

  /// A time as the picture shows it: `850 µs`, `12.5 ms`, `1.25 s`.
  nonisolated static func label(_ time: Duration) -> String {
    let micros = time.microseconds
    if micros == 0 { return "0" }
    if micros < 1_000 { return "\(micros) µs" }
    if micros < 1_000_000 { return decimal(micros, per: 1_000) + " ms" }
    return decimal(micros, per: 1_000_000) + " s"
  }

  /// `value / unit` with at most two decimals, without trailing zeros.
  private nonisolated static func decimal(_ value: Int64, per unit: Int64) -> String {
    let hundredths = (value * 100 + unit / 2) / unit
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction == 0 { return "\(whole)" }
    if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Text escaped for XML content and attributes.
  nonisolated static func xml(_ text: String) -> String {
    var escaped = ""
    // Scalar by scalar: a character that XML forbids may be part of a longer grapheme.
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      // XML 1.0 allows no control character but tab and line breaks, nor U+FFFE and U+FFFF.
      case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

/// Where things go in the picture.
struct SVGLayout {
  let width: Int
  let end: Duration
  let left = 200
  let right = 20
  let top = 30
  /// A reactor's row: actions above, mutations below.
  let reactorHeight = 40
  /// A row of effect bars.
  let laneHeight = 22

  init(width: Int, end: Duration) {
    self.width = width
    // At least one millisecond, so that an empty or instant trace still has an axis.
    self.end = max(end, .milliseconds(1))
  }

  /// The x coordinate of a time.
  func x(_ time: Duration) -> Int {
    let span = Double(width - left - right)
    let fraction = Double(time.microseconds) / Double(end.microseconds)
    return left + Int((fraction * span).rounded())
  }

  /// What the marks mean, in one row at `y`.
  func legend(y: Int) -> [String] {
    var lines: [String] = []
    var x = 8
    lines.append(##"<rect x="\##(x)" y="\##(y + 3)" width="3" height="14" fill="#1f5fbf"/>"##)
    lines.append(##"<text x="\##(x + 8)" y="\##(y + 15)">action</text>"##)
    x += 60
    lines.append(##"<rect x="\##(x)" y="\##(y + 3)" width="3" height="14" fill="#6b7280"/>"##)
    lines.append(##"<text x="\##(x + 8)" y="\##(y + 15)">mutation</text>"##)
    x += 74
    lines.append(##"<rect x="\##(x)" y="\##(y + 3)" width="15" height="14" rx="4" fill="#1f5fbf"/>"##)
    lines.append(
      ##"<text x="\##(x + 7)" y="\##(y + 14)" text-anchor="middle" fill="#ffffff" font-size="10" font-weight="bold">3</text>"##
    )
    lines.append(##"<text x="\##(x + 20)" y="\##(y + 15)">marks too close to draw apart</text>"##)
    x += 210
    for (name, colour) in [
      ("effect finished", "#3c9a5f"), ("cancelled", "#e0a030"), ("failed", "#d0443e"),
      ("running", "#9aa5b1"),
    ] {
      lines.append(
        ##"<rect x="\##(x)" y="\##(y + 4)" width="14" height="12" rx="3" fill="\##(colour)"/>"##)
      lines.append(##"<text x="\##(x + 18)" y="\##(y + 15)">\##(name)</text>"##)
      x += 28 + name.count * 7
    }
    return lines
  }

  /// The time axis: a labelled grid line at each round step, down to `bottom`.
  func axis(bottom: Int) -> [String] {
    let total = end.microseconds
    // A step of 1, 2 or 5 times a power of ten, for about eight labels.
    var step: Int64 = 1
    while total / step > 8 {
      if total / (step * 2) <= 8 {
        step *= 2
      } else if total / (step * 5) <= 8 {
        step *= 5
      } else {
        step *= 10
      }
    }
    var lines: [String] = []
    var tick: Int64 = 0
    while tick <= total {
      let x = self.x(.microseconds(tick))
      lines.append(
        ##"<line x1="\##(x)" y1="\##(top - 6)" x2="\##(x)" y2="\##(bottom)" stroke="#d5dae1" stroke-width="1"/>"##
      )
      lines.append(
        ##"<text x="\##(x)" y="\##(top - 10)" text-anchor="middle" fill="#333333">\##(TraceRecorder.label(.microseconds(tick)))</text>"##
      )
      tick += step
    }
    return lines
  }
}
