import ReactorFlowTesting

// The service of seed 003 that decides whether the user is logged in, and the whole mock that
// Sourcery generated for it there, by hand, with a spy (as Testing.md shows them).
protocol UserServicing {
  func userIsLoggedIn() -> Bool
}

final class UserServiceMock: UserServicing {
  let userIsLoggedInSpy = Spy<Void, Bool>()
  func userIsLoggedIn() -> Bool { userIsLoggedInSpy() }
}
