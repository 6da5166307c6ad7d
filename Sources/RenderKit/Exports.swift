// One `import RenderKit` gives apps the core types, the engines and HTML import.
@_exported import EngineCMark
@_exported import EngineCMarkGFM
@_exported import EngineDiscount
@_exported import HTMLImport
@_exported import RenderCore
