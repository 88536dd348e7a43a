import Foundation
import RandomUserCore
import XCTest

@testable import randomuser

/// The hand-written argument parser of the `randomuser` command.
final class OptionsTests: XCTestCase {
  func test_parse_noArguments_givesDefaults() throws {
    // when
    let options = try Options.parse([])

    // then
    XCTAssertEqual(options, Options())
    XCTAssertEqual(options.count, 100)
    XCTAssertEqual(options.source, .offline)
    XCTAssertEqual(options.format, .text)
    XCTAssertFalse(options.isInteractive)
    XCTAssertNil(options.seed)
  }

  func test_parse_everyOption_isRead() throws {
    // when
    let options = try Options.parse([
      "--count", "42", "--seed=abc", "--url", "http://127.0.0.1:8080/api/", "--timeout", "2.5", "--json",
    ])

    // then
    var expected = Options()
    expected.count = 42
    expected.seed = "abc"
    expected.source = .live(try XCTUnwrap(URL(string: "http://127.0.0.1:8080/api/")))
    expected.timeout = .milliseconds(2500)
    expected.format = .json
    XCTAssertEqual(options, expected)
  }

  func test_parse_trace_acceptsJSONAndSVGFiles() throws {
    XCTAssertEqual(try Options.parse(["--trace", "run.json"]).tracePath, "run.json")
    XCTAssertEqual(try Options.parse(["--trace=out/Timeline.SVG"]).tracePath, "out/Timeline.SVG")
    XCTAssertNil(try Options.parse([]).tracePath)
  }

  func test_parse_traceWithAnotherExtension_isAUsageError() {
    XCTAssertThrowsError(try Options.parse(["--trace", "run.txt"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message,
        "--trace needs a file name ending in .json, .svg or .html, got 'run.txt'")
    }
    XCTAssertThrowsError(try Options.parse(["--trace"]))
  }

  func test_parse_recordAndReplay_areReadAndChecked() throws {
    XCTAssertEqual(try Options.parse(["--record", "run.json"]).recordPath, "run.json")
    XCTAssertEqual(try Options.parse(["--replay", "run.json"]).replayPath, "run.json")
    XCTAssertEqual(try Options.parse(["--replay", "run.json", "--trace", "t.svg"]).tracePath, "t.svg")
    XCTAssertThrowsError(try Options.parse(["--replay", "run.json", "--json"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message,
        "--replay takes no other option but --trace: the recording holds them")
    }
    XCTAssertThrowsError(try Options.parse(["--record", "run.json", "-i"])) { error in
      XCTAssertEqual((error as? UsageError)?.message, "--record cannot be combined with --interactive")
    }
    XCTAssertThrowsError(try Options.parse(["--record="]))
  }

  func test_parse_shortFlagsAndLive_areRead() throws {
    // when
    let options = try Options.parse(["-n", "5", "-s", "x", "--live", "-i"])

    // then
    XCTAssertEqual(options.count, 5)
    XCTAssertEqual(options.seed, "x")
    XCTAssertEqual(options.source, .live(LivePeopleClient.defaultBaseURL))
    XCTAssertTrue(options.isInteractive)
    XCTAssertTrue(try Options.parse(["--help"]).showsHelp)
    XCTAssertTrue(try Options.parse(["-h"]).showsHelp)
  }

  func test_parse_urlSchemeInAnyCase_isNormalizedToLowercase() throws {
    for text in ["HTTP://127.0.0.1:8080/api/", "Https://Example.com/api/?nat=gb"] {
      // when
      let options = try Options.parse(["--url", text])

      // then
      guard case .live(let url) = options.source else { return XCTFail("\(text): \(options.source)") }
      XCTAssertTrue(["http", "https"].contains(url.scheme), "\(text): \(url)")
      XCTAssertEqual(url.absoluteString.lowercased(), text.lowercased())
    }
  }

  func test_parse_countLimits_acceptsOneToFiveThousand() throws {
    XCTAssertEqual(try Options.parse(["--count", "1"]).count, 1)
    XCTAssertEqual(try Options.parse(["--count=5000"]).count, 5000)
  }

  func test_parse_badInput_throwsOneLineUsageError() {
    let cases: [([String], String)] = [
      (["--frobnicate"], "unknown option --frobnicate"),
      (["extra"], "unexpected argument extra"),
      (["--count"], "--count needs a value"),
      (["--count", "abc"], "--count must be a whole number, got 'abc'"),
      (["--count", "12.5"], "--count must be a whole number, got '12.5'"),
      (["--count", "0"], "--count must be between 1 and 5000, got 0"),
      (["--count", "5001"], "--count must be between 1 and 5000, got 5001"),
      (["--count", "-3"], "--count must be between 1 and 5000, got -3"),
      (
        ["--count", "99999999999999999999999"],
        "--count must be a whole number, got '99999999999999999999999'"
      ),
      (["--seed", ""], "--seed needs a non-empty value"),
      (["--url", "not a url"], "--url must be an http or https URL, got 'not a url'"),
      (["--url", "ftp://example.com/"], "--url must be an http or https URL, got 'ftp://example.com/'"),
      (["--live", "--url", "http://127.0.0.1/"], "use either --live or --url, not both"),
      (["--timeout", "0"], "--timeout must be more than 0 and at most 600 seconds, got '0'"),
      (["--timeout", "nan"], "--timeout must be more than 0 and at most 600 seconds, got 'nan'"),
      (["--timeout", "600.5"], "--timeout must be more than 0 and at most 600 seconds, got '600.5'"),
      (["--json=yes"], "--json does not take a value"),
      (["--json", "--interactive"], "--json cannot be combined with --interactive"),
    ]
    for (arguments, message) in cases {
      // when
      XCTAssertThrowsError(try Options.parse(arguments), "\(arguments)") { error in
        // then
        XCTAssertEqual(error as? UsageError, UsageError(message), "\(arguments)")
        XCTAssertFalse("\(error)".contains("\n"))
      }
    }
  }

  func test_parse_timeoutLimits_acceptsAnyPositiveAmountUpTo600Seconds() throws {
    XCTAssertEqual(try Options.parse(["--timeout", "0.0001"]).timeout, .milliseconds(1))
    XCTAssertEqual(try Options.parse(["--timeout", "600"]).timeout, .seconds(600))
  }

  func test_parse_urlWithAnIPv6Address_isRefusedWhereURLSessionCannotReachIt() throws {
    let text = "http://[::1]:8080/api/"
    #if canImport(FoundationNetworking)
      // when
      XCTAssertThrowsError(try Options.parse(["--url", text])) { error in
        // then
        XCTAssertEqual(
          (error as? UsageError)?.message,
          "--url \(text) cannot be used: this platform's URLSession cannot connect to an IPv6 address"
            + " such as ::1; use a host name that resolves to it, or an IPv4 address")
      }
    #else
      XCTAssertEqual(try Options.parse(["--url", text]).source, .live(try XCTUnwrap(URL(string: text))))
    #endif
  }
}
