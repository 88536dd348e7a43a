/// Where a failing call was made, carried from a public API's defaulted `#fileID`, `#filePath`,
/// `#line` and `#column` arguments to the failure adapter.
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
