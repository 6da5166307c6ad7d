// One `import RenderKit` gives apps every layer, the engines, HTML import, the outline
// (anchors, table of contents), front matter, emoji shortcodes and code highlighting.
@_exported import EngineCMark
@_exported import EngineCMarkGFM
@_exported import EngineDiscount
@_exported import EngineMD4C
@_exported import FrontMatter
@_exported import HTML5Import
@_exported import HTMLImport
@_exported import RenderCore
@_exported import RenderEmoji
@_exported import RenderHighlight
@_exported import RenderMath
@_exported import RenderOutline
@_exported import RenderStyling
@_exported import RenderTerminal
@_exported import RenderText
