import RenderKit
