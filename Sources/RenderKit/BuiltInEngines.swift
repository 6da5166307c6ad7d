import EngineCMark
import EngineCMarkGFM
import EngineDiscount
import EngineMD4C
import RenderCore

extension EngineRegistry {
  /// The engines this package ships: cmark-gfm (the default), cmark, Discount and md4c.
  ///
  /// ```swift
  /// let engine = try EngineRegistry.builtIn.engine(id: "discount")
  /// ```
  public static let builtIn = EngineRegistry([
    CMarkEngine(), CMarkGFMEngine(), DiscountEngine(), MD4CEngine(),
  ])
}
