import Foundation

/// Whether the tests run under a sanitizer: `make check-sanitizers` sets `RENDER_SANITIZER`
/// (`thread` or `address`).
///
/// The process's resident size then includes the sanitizer's shadow memory and quarantine,
/// which grow over the whole suite, so a bound on the host's resident size says nothing there;
/// the tests that set one check it in ordinary runs only.
public enum SanitizerRun {
  /// True when `RENDER_SANITIZER` is set.
  public static let isActive = ProcessInfo.processInfo.environment["RENDER_SANITIZER"] != nil

  /// The worker memory cap a test sets under a sanitizer, nil otherwise (keep the default):
  /// under AddressSanitizer a Discount worker's shadow memory alone brings it near the default
  /// cap, and many renders in one worker add its quarantine.
  public static let workerMemoryBytes: Int? = isActive ? 4 << 30 : nil
}
