import ReactorFlow
import ReactorFlowTestSupport
import XCTest

// The "Clients and the reactor in a body" snippets of the "Where code runs" article, verbatim.

protocol QuoteAPI: Sendable {
  func quote(for symbol: String) async throws -> Double
}

/// A client that answers every symbol with the same price.
private struct FixedQuoteAPI: QuoteAPI {
  let price: Double

  func quote(for symbol: String) async throws -> Double { price }
}

@MainActor
private final class SymbolPriceReactor: Reactor {
  enum Action: Sendable { case refresh, refreshAll, refreshQuotes }
  enum Mutation: Sendable { case setPrice(Double) }
  struct State: Equatable, Sendable {
    var symbol = "SWFT"
    var price: Double?
  }

  let initialState = State()
  let runtime = Runtime()
  let api: any QuoteAPI

  init(api: any QuoteAPI) {
    self.api = api
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      return .run { [api, weak self] send in
        guard let symbol = await self?.currentState.symbol else { return }
        await send(.setPrice(try await api.quote(for: symbol)))
      }
    case .refreshAll:
      return .run { send in try await Self.refreshAll(send) }
    case .refreshQuotes:
      return .run(operation: Self.refreshQuotes)
    }
  }

  nonisolated static func refreshAll(_ send: Send<Mutation>) async throws {
    await send(.setPrice(0))
  }

  @concurrent
  static func refreshQuotes(_ send: Send<Mutation>) async throws {
    await send(.setPrice(1))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setPrice(let price): state.price = price
    }
    return state
  }
}

@MainActor
final class WhereCodeRunsArticleTests: XCTestCase {
  func test_refresh_readsTheSymbolWithAwaitAndAsksTheSendableClient() async {
    // given
    let reactor = SymbolPriceReactor(api: FixedQuoteAPI(price: 42))

    // when
    await bounded("the refresh ends") { await reactor.send(.refresh).finish() }

    // then
    XCTAssertEqual(reactor.currentState.price, 42)
  }

  func test_refreshAll_aFunctionCalledFromAClosure_sendsItsMutation() async {
    // given
    let reactor = SymbolPriceReactor(api: FixedQuoteAPI(price: 42))

    // when
    await bounded("the refresh of every quote ends") { await reactor.send(.refreshAll).finish() }

    // then
    XCTAssertEqual(reactor.currentState.price, 0)
  }

  func test_refreshQuotes_aConcurrentFunctionPassedByName_sendsItsMutation() async {
    // given
    let reactor = SymbolPriceReactor(api: FixedQuoteAPI(price: 42))

    // when
    await bounded("the refresh of the quotes ends") { await reactor.send(.refreshQuotes).finish() }

    // then
    XCTAssertEqual(reactor.currentState.price, 1)
  }
}
