import FuzzDriver

/// libFuzzer's callback: one input for the `commandline` target.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzDriver.run(.commandline, bytes, count)
}

/// The executable's entry point, under the name SwiftPM links it by.
@_cdecl("fuzz_commandline_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  FuzzDriver.main(argc, argv, testOneInput)
}
