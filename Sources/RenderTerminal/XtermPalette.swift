import RenderStyling

/// The xterm 256-colour palette: finds the entry nearest to an sRGB colour.
///
/// Only the 6×6×6 cube (16–231) and the grey ramp (232–255) are candidates: the first 16
/// entries are redefined by every terminal theme, so their actual colour is unknown.
enum XtermPalette {
  private static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The palette index nearest to the colour (squared distance in RGB).
  static func nearestIndex(to color: CSSColor) -> Int {
    let red = Int(color.red)
    let green = Int(color.green)
    let blue = Int(color.blue)
    let cube = (cubeStep(red), cubeStep(green), cubeStep(blue))
    let cubeIndex = 16 + 36 * cube.0 + 6 * cube.1 + cube.2
    let cubeColor = (cubeLevels[cube.0], cubeLevels[cube.1], cubeLevels[cube.2])
    if cubeColor == (red, green, blue) { return cubeIndex }

    let average = (red + green + blue) / 3
    let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grey = 8 + 10 * greyStep
    let cubeDistance = distance(cubeColor, (red, green, blue))
    let greyDistance = distance((grey, grey, grey), (red, green, blue))
    return greyDistance < cubeDistance ? 232 + greyStep : cubeIndex
  }

  /// The cube level (0–5) nearest to an 8-bit channel; the levels are not evenly spaced.
  private static func cubeStep(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return (value - 35) / 40
  }

  private static func distance(_ first: (Int, Int, Int), _ second: (Int, Int, Int)) -> Int {
    let red = first.0 - second.0
    let green = first.1 - second.1
    let blue = first.2 - second.2
    return red * red + green * green + blue * blue
  }
}
