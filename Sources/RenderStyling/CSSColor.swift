/// An sRGB colour with alpha, as CSS computes it.
public struct CSSColor: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// Creates a colour from 8-bit channels and an opacity.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `#rrggbb`, lower-case (alpha is not part of it).
  public var hex: String {
    "#"
      + [red, green, blue].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// `#rrggbb`.
  public var description: String { hex }
}
