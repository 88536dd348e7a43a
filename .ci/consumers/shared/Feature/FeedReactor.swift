import ReactorFlow

// A list screen whose state holds a large collection: the in-place reduce of the migration guide.
@MainActor
final class FeedReactor: Reactor {
  struct Post: Equatable, Sendable {
    var id: Int
    var isLiked = false
  }
  enum Action: Sendable { case like(Int) }
  enum Mutation: Equatable, Sendable {
    case setLiked(Int, Bool)
    case appendPage([Post])
  }
  struct State: Equatable, Sendable {
    var posts = (0..<10_000).map { Post(id: $0) }
    var likes = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .like(let index): .send(.setLiked(index, true))
    }
  }

  func reduce(into state: inout State, mutation: Mutation) {
    switch mutation {
    case .setLiked(let index, let isLiked):
      state.posts[index].isLiked = isLiked
      state.likes += isLiked ? 1 : -1
    case .appendPage(let posts):
      state.posts += posts
    }
  }
}
