/// One on/off setting of ``RenderOptions`` under every name it goes by: its key in
/// `render.json`, its flag and help on `render`'s command line, and the feature an engine
/// must declare to honour it.
///
/// The configuration reader, `render`'s flags and help, ``RenderOptions/requiredFeatures``
/// and the worker's wire format all read ``all``, so a new switch is one entry here.
package struct RenderSwitch: Sendable {
  /// The option it turns on.
  package let option: WritableKeyPath<RenderOptions, Bool> & Sendable
  /// Its key under `options` in `render.json`, the option's own name: `"smartPunctuation"`.
  package let key: String
  /// Its flag on `render`'s command line: `"--smart"`.
  package let flag: String
  /// What `render --help` says of it, one line per entry.
  package let help: [String]
  /// The feature an engine must declare to honour it; nil for what `Renderer` applies to
  /// the document itself, which engines never see.
  package let feature: RenderFeature?

  /// Every switch, engine switches first: their order is their bit in the worker's wire
  /// format (a byte), so a new one goes last and bumps the protocol version.
  package static let all: [RenderSwitch] = [
    RenderSwitch(
      option: \.unsafe, key: "unsafe", flag: "--unsafe",
      help: [
        "let raw HTML and every URL through, no allowlist (trusted input",
        "only); HTML input (--from html) is sanitized unless this is given",
      ],
      feature: .rawHTML),
    RenderSwitch(
      option: \.smartPunctuation, key: "smartPunctuation", flag: "--smart",
      help: ["smart punctuation (curly quotes, dashes, ellipses)"], feature: .smartPunctuation),
    RenderSwitch(
      option: \.hardLineBreaks, key: "hardLineBreaks", flag: "--hard-breaks",
      help: ["every newline in a paragraph becomes <br>"], feature: .hardLineBreaks),
    RenderSwitch(
      option: \.sourcePositions, key: "sourcePositions", flag: "--source-positions",
      help: ["add data-sourcepos attributes (cmark)"], feature: .sourcePositions),
    RenderSwitch(
      option: \.headingAnchors, key: "headingAnchors", flag: "--heading-anchors",
      help: [
        "give every heading a GitHub-style id (## Getting started ->",
        "id=\"getting-started\"), with every engine; on in the gfm profile",
        "(--no-extension headingAnchors turns it off)",
      ],
      feature: nil),
    RenderSwitch(
      option: \.tableOfContents, key: "tableOfContents", flag: "--table-of-contents",
      help: [
        "a nested list of links to the headings, where a [[_TOC_]] or",
        "<!-- toc --> line stands, else at the top (turns on the anchors)",
      ],
      feature: nil),
  ]

  /// The switches engines honour, in wire order: those with a ``feature``.
  package static let engineSwitches = all.filter { $0.feature != nil }
}
