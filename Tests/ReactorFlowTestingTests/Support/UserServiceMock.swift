import ReactorFlowTesting

/// The whole mock that Sourcery generated in seed 003, by hand, with a spy.
final class UserServiceMock: UserServicing {
  let userIsLoggedInSpy = Spy<Void, Bool>()
  func userIsLoggedIn() -> Bool { userIsLoggedInSpy() }
}
