import FuzzDriver

/// libFuzzer's callback: one input for the `state` target.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzDriver.run(.state, bytes, count)
}

/// The executable's entry point, under the name SwiftPM links it by.
@_cdecl("fuzz_state_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  FuzzDriver.main(argc, argv, testOneInput)
}
