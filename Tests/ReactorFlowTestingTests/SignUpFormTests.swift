import ReactorFlowTesting
import XCTest

/// Seed 002: RxTest's `TestScheduler`, hot observables and `TestableObserver`, with ReactorFlow.
@MainActor
final class SignUpFormTests: XCTestCase {
  func test_signUpForm_inputsAtVirtualTicks_recordsDistinctValidity() async {
    // given
    let clock = TestClock()
    let reactor = SignUpReactor()
    let isValid = reactor.record(\.isValid, clock: clock, distinct: true)
    clock.schedule([.next(0, ""), .next(1, "email@email"), .next(2, "email@email.com")]) {
      reactor.send(.email($0))
    }
    clock.schedule(
      [.next(0, ""), .next(3, "qwer"), .next(4, "qwertY"), .next(5, "qwertY1!"), .next(8, "qwe1!")]
    ) {
      reactor.send(.password1($0))
    }
    clock.schedule([.next(0, ""), .next(6, "qwertY1"), .next(7, "qwertY1!")]) {
      reactor.send(.password2($0))
    }

    // when
    await clock.run()

    // then
    XCTAssertEqual(isValid.events, [.next(0, false), .next(7, true), .next(8, false)])
  }

  func test_signUpForm_everyInput_recordsEveryState() async {
    // given
    let clock = TestClock()
    let reactor = SignUpReactor()
    let isValid = reactor.record(\.isValid, clock: clock)
    clock.schedule([.next(1, "a@b.c")]) { reactor.send(.email($0)) }
    clock.schedule([.next(2, "Passw0rd!")]) { reactor.send(.password1($0)) }
    clock.schedule([.next(3, "Passw0rd!")]) { reactor.send(.password2($0)) }

    // when
    await clock.run()

    // then
    XCTAssertEqual(
      isValid.events, [.next(0, false), .next(1, false), .next(2, false), .next(3, true)])
  }

  func test_signUpForm_wholeStateRecorded_keepsEqualStatesUnlessDistinct() async {
    // given
    let reactor = SignUpReactor()
    let states = reactor.record(\.self)
    let distinctStates = reactor.record(\.self, distinct: true)

    // when
    reactor.send(.email(""))

    // then
    XCTAssertEqual(states.values, [SignUpReactor.State(), SignUpReactor.State()])
    XCTAssertEqual(distinctStates.values, [SignUpReactor.State()])
  }

  func test_emailRule_examples_acceptOnlyNameAtDomainDotTopLevel() async {
    XCTAssertTrue(SignUpReactor.isEmail("email@email.com"))
    XCTAssertFalse(SignUpReactor.isEmail("email@email"))
    XCTAssertFalse(SignUpReactor.isEmail("@email.com"))
    XCTAssertFalse(SignUpReactor.isEmail("email@.com"))
    XCTAssertFalse(SignUpReactor.isEmail("email@com."))
    XCTAssertFalse(SignUpReactor.isEmail("a@b@c.d"))
  }

  func test_passwordRule_examples_requireLengthCasesDigitAndSymbol() async {
    XCTAssertTrue(SignUpReactor.isStrongPassword("qwertY1!"))
    XCTAssertFalse(SignUpReactor.isStrongPassword("qwertY1"))
    XCTAssertFalse(SignUpReactor.isStrongPassword("qwertyy1!"))
    XCTAssertFalse(SignUpReactor.isStrongPassword("QWERTYY1!"))
    XCTAssertFalse(SignUpReactor.isStrongPassword("qwertYY!!"))
    XCTAssertFalse(SignUpReactor.isStrongPassword("qwertYY11"))
  }
}
