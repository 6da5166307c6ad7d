import EngineCMark
import EngineDiscount
import EngineMD4C
import RenderCore

extension EngineRegistry {
  /// The engines this package ships: cmark (the default), Discount and md4c.
  ///
  /// ```swift
  /// let engine = try EngineRegistry.builtIn.engine(id: "discount")
  /// ```
  public static let builtIn = EngineRegistry([CMarkEngine(), DiscountEngine(), MD4CEngine()])
}
