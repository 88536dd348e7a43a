extension TraceRecorder {
  /// The recording as a self-contained SVG picture: no scripts, no external files, no fonts to
  /// load.
  ///
  /// A row per reactor shows its actions (tall ticks) and mutations (short ticks); under it a row
  /// per lane of its effects shows each effect as a bar from its start to its end, coloured by how
  /// it ended (finished, cancelled, failed, or still running when the picture was made). The time
  /// axis is labelled; hovering a tick or a bar shows what it is.
  /// - Parameter width: The picture's width in pixels.
  /// - Returns: The SVG document.
  public func svg(width: Int = 960) -> String {
    let end = now
    let spans = spans(endingAt: end)
    let lanes = Self.laneCounts(spans)
    let names = reactorNames
    let layout = SVGLayout(width: max(width, 400), end: max(end, entries.last?.time ?? .zero))
    var rows: [ObjectIdentifier: Int] = [:]
    var rowCount = 0
    for reactor in reactors {
      rows[reactor.id] = rowCount
      rowCount += 1 + (lanes[reactor.id] ?? 0)
    }
    let legendY = layout.top + rowCount * layout.rowHeight + 8
    let height = legendY + 24
    var body: [String] = []
    body.append(
      ##"<rect x="0" y="0" width="\##(layout.width)" height="\##(height)" fill="#ffffff"/>"##)
    body += layout.axis(bottom: legendY)
    body += layout.legend(y: legendY)
    for reactor in reactors {
      guard let row = rows[reactor.id] else { continue }
      let y = layout.top + row * layout.rowHeight
      let name = Self.xml(names[reactor.id] ?? reactor.name)
      body.append(
        ##"<rect x="0" y="\##(y)" width="\##(layout.width)" height="\##(layout.rowHeight)" fill="#f2f4f7"/>"##
      )
      body.append(##"<text x="8" y="\##(y + 15)" font-weight="bold">\##(name)</text>"##)
      for lane in 0..<(lanes[reactor.id] ?? 0) {
        let laneY = y + (lane + 1) * layout.rowHeight
        body.append(##"<text x="20" y="\##(laneY + 15)" fill="#555555">effects \##(lane + 1)</text>"##)
      }
    }
    for entry in entries {
      guard let row = rows[entry.reactor.id] else { continue }
      let y = layout.top + row * layout.rowHeight
      let x = layout.x(entry.time)
      switch entry.kind {
      case .action(let text, let source):
        let title = Self.xml("\(Self.label(entry.time)) action \(text) (\(source))")
        body.append(
          ##"<line x1="\##(x)" y1="\##(y + 2)" x2="\##(x)" y2="\##(y + layout.rowHeight - 2)" stroke="#1f5fbf" stroke-width="2"><title>\##(title)</title></line>"##
        )
      case .mutation(let text, _):
        let title = Self.xml("\(Self.label(entry.time)) mutation \(text)")
        body.append(
          ##"<line x1="\##(x)" y1="\##(y + 8)" x2="\##(x)" y2="\##(y + layout.rowHeight - 2)" stroke="#7a7a7a" stroke-width="1"><title>\##(title)</title></line>"##
        )
      case .effectStarted, .effectEnded:
        continue
      }
    }
    for span in spans {
      guard let row = rows[span.reactor.id] else { continue }
      let y = layout.top + (row + 1 + span.lane) * layout.rowHeight
      let x = layout.x(span.start)
      let barWidth = max(layout.x(span.end) - x, 2)
      let colour =
        switch span.outcome {
        case "finished": "#3c9a5f"
        case "cancelled": "#e0a030"
        case "running": "#9aa5b1"
        default: "#d0443e"
        }
      let title = Self.xml(
        "\(span.effect) \(span.outcome): \(Self.label(span.start)) to \(Self.label(span.end))")
      body.append(
        ##"<rect x="\##(x)" y="\##(y + 3)" width="\##(barWidth)" height="\##(layout.rowHeight - 6)" rx="3" fill="\##(colour)"><title>\##(title)</title></rect>"##
      )
      if barWidth > 70 {
        let text = Self.xml(span.effect.label)
        body.append(##"<text x="\##(x + 4)" y="\##(y + 15)" fill="#ffffff">\##(text)</text>"##)
      }
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(layout.width)" height="\(height)" \
      viewBox="0 0 \(layout.width) \(height)" font-family="Helvetica, Arial, sans-serif" font-size="12">
      \(body.joined(separator: "\n"))
      </svg>

      """
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
private struct SVGLayout {
  let width: Int
  let end: Duration
  let left = 200
  let right = 20
  let top = 30
  let rowHeight = 22

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
    lines.append(
      ##"<line x1="\##(x)" y1="\##(y + 2)" x2="\##(x)" y2="\##(y + 18)" stroke="#1f5fbf" stroke-width="2"/>"##
    )
    lines.append(##"<text x="\##(x + 6)" y="\##(y + 15)">action</text>"##)
    x += 64
    lines.append(
      ##"<line x1="\##(x)" y1="\##(y + 8)" x2="\##(x)" y2="\##(y + 18)" stroke="#7a7a7a" stroke-width="1"/>"##
    )
    lines.append(##"<text x="\##(x + 6)" y="\##(y + 15)">mutation</text>"##)
    x += 80
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
        ##"<line x1="\##(x)" y1="\##(top - 6)" x2="\##(x)" y2="\##(bottom)" stroke="#dde1e6" stroke-width="1"/>"##
      )
      lines.append(
        ##"<text x="\##(x)" y="\##(top - 10)" text-anchor="middle" fill="#333333">\##(TraceRecorder.label(.microseconds(tick)))</text>"##
      )
      tick += step
    }
    return lines
  }
}
