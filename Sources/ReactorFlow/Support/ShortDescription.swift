/// `String(describing:)` of a value, cut after `limit` characters with an ellipsis: the change
/// log, the timeline and replay messages name a value; they do not dump it.
func shortDescription(of value: Any, limit: Int) -> String {
  let text = String(describing: value)
  guard text.count > limit else { return text }
  return text.prefix(limit) + "…"
}
