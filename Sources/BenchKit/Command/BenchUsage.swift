import RenderKit

/// The text `renderbench --help` prints.
enum BenchUsage {
  /// The usage, listing `engines` as the valid engine choices.
  static func text(engines: [String]) -> String {
    """
    usage: renderbench [options]
           renderbench isolation [--corpus FILE] [--runs N]   what isolation costs, per engine
           renderbench hostile [--suite FILE]... [--peers FILE] [--deadline S]
                                                  published hostile inputs, contained: the
                                                  processor time each engine's worker used
           renderbench math [--corpus FILE] [--formulas FILE] [--runs N] [--engine ID]
                                                  µs per formula (MathML, linear text), and
                                                  math and alerts on / off for a fragment
                                                  and styled text

    Measures Markdown engines through this framework against their raw C calls, HTML import
    against libxml2, the outputs written from StyledText (AttributedString, terminal, JSON,
    plain text) against building it, parity between engines, and (on request) conformance,
    scaling and parallel speed-up. With no options: the built-in generated corpus, every engine,
    10 runs after 2 warm-up runs, a table on standard output.

    options:
    \(optionLines(engines: engines))
    exit status: 0 done; 1 error or regression; 2 unknown engine or option.
    """
  }

  /// The options' lines, from the table the parser reads.
  private static func optionLines(engines: [String]) -> String {
    let options = BenchArgumentParser(knownEngines: engines).options
    return CommandUsage.options(options.map { ($0.syntax, $0.help) }, column: 24)
  }
}
