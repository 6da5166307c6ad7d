import EngineCMark
import EngineDiscount
import RenderCore

extension EngineRegistry {
  /// The engines this package ships: cmark (the default) and Discount.
  ///
  /// ```swift
  /// let engine = try EngineRegistry.builtIn.engine(id: "discount")
  /// ```
  public static let builtIn = EngineRegistry([CMarkEngine(), DiscountEngine()])
}
