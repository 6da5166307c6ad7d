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

    Measures Markdown engines through this framework against their raw C calls, HTML import
    against libxml2, the outputs written from StyledText (AttributedString, terminal, JSON,
    plain text) against building it, parity between engines, and (on request) conformance,
    scaling and parallel speed-up. With no options: the built-in generated corpus, every engine,
    10 runs after 2 warm-up runs, a table on standard output.

    options:
      --engines a,b         engines to measure (valid: \(engines.joined(separator: ", ")))
      --extensions a,b      extensions each engine that has them renders with (default none),
                            e.g. tables,autolinks
      --corpus PATH         a .md file or a directory of them (repeatable); default: generated
      --runs N              measured runs per figure (default 10)
      --warmup N            unmeasured runs before measuring (default 2)
      --clock wall|cpu      time on the monotonic clock (default) or in process CPU time,
                            which other processes' load does not inflate
      --spec FILE.json      a CommonMark-format suite: pass counts per engine and section,
                            and agreement between engines (repeatable)
      --scaling             time at 2×, 4× and 8× the input, over time at 1×
      --jobs N              also render the corpus's chapters on N threads: speed-up over 1
      --format F            table (default), json or markdown
      --report FILE.html    also write a self-contained HTML page with charts
      --baseline FILE.json  compare with an earlier --format json report; exit 1 when a
                            figure got worse by more than the threshold
      --threshold PCT       the regression threshold in percent (default 10)
      --help                print this text

    exit status: 0 done; 1 error or regression; 2 unknown engine or option.
    """
  }
}
