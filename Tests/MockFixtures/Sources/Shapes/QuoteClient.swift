/// A client of the documentation's examples (the Testing and Dependencies articles).
///
/// - Mockable
protocol QuoteClient: Sendable {
  func price(of symbol: String) async throws -> Double
}
