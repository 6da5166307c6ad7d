import RenderPreview

/// What `render` reads: Markdown or HTML; the same vocabulary as a ``LiveDocument``'s.
typealias InputFormat = DocumentFormat
