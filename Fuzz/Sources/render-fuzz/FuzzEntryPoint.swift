internal import CFuzzerDriver

/// libFuzzer's per-input callback: runs the selected target on `data`.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzTarget.selected.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}

/// The executable's entry point: SwiftPM names it `<module>_main` and never calls
/// libFuzzer's own `main`, so it hands over to libFuzzer's driver here.
@_cdecl("render_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  var count = argc
  var arguments = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
    FuzzTarget.selected.run(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
}
