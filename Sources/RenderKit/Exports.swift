// One `import RenderKit` gives apps the core types, the engines, HTML import, the outline
// (anchors, table of contents) and front matter.
@_exported import EngineCMark
@_exported import EngineDiscount
@_exported import FrontMatter
@_exported import HTMLImport
@_exported import RenderCore
@_exported import RenderOutline
