import EngineCMark
import EngineCMarkGFM
import EngineDiscount
import RenderCore

extension EngineRegistry {
  /// The engines this package ships: cmark, cmark-gfm and Discount.
  ///
  /// ```swift
  /// let engine = try EngineRegistry.builtIn.engine(id: "discount")
  /// ```
  public static let builtIn = EngineRegistry([CMarkEngine(), CMarkGFMEngine(), DiscountEngine()])
}
