// One `import RenderKit` gives apps every layer, the engines and HTML import.
@_exported import EngineCMark
@_exported import EngineDiscount
@_exported import HTMLImport
@_exported import RenderCore
@_exported import RenderStyling
@_exported import RenderTerminal
@_exported import RenderText
