/// The report as titled tables: the content shared by the terminal and Markdown outputs.
struct ReportTables {
  /// The report shown.
  let report: BenchReport

  /// One line that identifies the run: corpus, size, digest, runs and machine.
  var summary: String {
    let corpora = report.context.corpus.map { corpus in
      "\(corpus.name) (\(corpus.documents) document\(corpus.documents == 1 ? "" : "s"), "
        + "\(FigureFormat.megabytes(corpus.bytes)), "
        + "sha256 \(corpus.sha256.prefix(12))…)"
    }
    let options = report.context.options
    return "renderbench: corpus \(corpora.joined(separator: ", ")); \(options.runs) runs after "
      + "\(options.warmup) warm-up, \(options.clock.rawValue) clock; \(report.context.cores) cores; Swift \(report.context.swiftVersion)"
  }

  /// Every table the run has figures for, in reading order.
  var tables: [TextTable] {
    if !report.context.options.htmlPaths.isEmpty { return [importStagesTable, memory] }
    var tables = [engines, styledText, importTable, importersTable]
    if !report.importStages.isEmpty { tables.append(importStagesTable) }
    if !report.outputs.isEmpty { tables.append(outputsTable) }
    tables += parity
    if !report.conformance.isEmpty { tables.append(conformance) }
    if !report.scaling.isEmpty { tables.append(scaling) }
    if !report.jobs.isEmpty { tables.append(jobs) }
    tables.append(memory)
    return tables
  }

  private var engines: TextTable {
    TextTable(
      title:
        "Markdown → HTML (MB/s of Markdown; overhead = framework / raw C, same input and flags)",
      header: [
        "engine", "version", "median", "min", "max", "docs/s", "raw C median", "overhead",
      ],
      rows: report.engines.map { engine in
        [
          engine.id, engine.version, FigureFormat.fixed(engine.throughputMBps.median),
          FigureFormat.fixed(engine.throughputMBps.min),
          FigureFormat.fixed(engine.throughputMBps.max),
          FigureFormat.fixed(engine.documentsPerSecond, decimals: 0),
          FigureFormat.fixed(engine.rawMBps?.median),
          FigureFormat.fixed(engine.overheadRatio, decimals: 3),
        ]
      })
  }

  private var styledText: TextTable {
    TextTable(
      title: "Markdown → StyledText (MB/s of Markdown, median)",
      header: ["engine", "via Document", "via HTML", "speed-up", "÷ engine's HTML"],
      rows: report.engines.map { engine in
        guard let styled = engine.styledTextMBps else {
          return [engine.id, "not available", "", "", ""]
        }
        return [
          engine.id, FigureFormat.fixed(styled), FigureFormat.fixed(engine.styledTextViaHTMLMBps),
          FigureFormat.fixed(engine.documentSpeedup, decimals: 2),
          FigureFormat.fixed(styled / engine.throughputMBps.median, decimals: 2),
        ]
      })
  }

  private var importTable: TextTable {
    let header = ["path", "MB/s of HTML", "libxml2 tree parse MB/s", "ratio"]
    guard let figures = report.import else {
      return TextTable(
        title: "HTML → StyledText", header: header,
        rows: [["import", "not available", "not available", "–"]])
    }
    return TextTable(
      title: "HTML → StyledText (\(FigureFormat.megabytes(figures.htmlBytes)) of cmark's HTML)",
      header: header,
      rows: [
        [
          "import", FigureFormat.fixed(figures.throughputMBps),
          FigureFormat.fixed(figures.libxml2MBps), FigureFormat.fixed(figures.ratio, decimals: 3),
        ]
      ])
  }

  private var importersTable: TextTable {
    TextTable(
      title: "Importers: HTML → StyledText against their own C parse (median, min–max)",
      header: ["importer", "library", "MB/s of HTML", "C parse MB/s", "ratio"],
      rows: report.importers.map { figures in
        [
          figures.id, figures.library, Self.spread(figures.throughputMBps),
          Self.spread(figures.parseMBps), Self.spread(figures.ratio, decimals: 3),
        ]
      })
  }

  private var importStagesTable: TextTable {
    let bytes = report.importStages.first?.htmlBytes ?? 0
    let documents = report.importStages.first?.documents ?? 0
    return TextTable(
      title:
        "Importers per stage (ms over \(FigureFormat.megabytes(bytes)) of HTML in \(documents) "
        + "document\(documents == 1 ? "" : "s"), median (min–max); MB/s = HTML → plain text)",
      header: ["importer"] + ImportStageFigures.stageNames + ["MB/s"],
      rows: report.importStages.map { figures in
        [figures.id] + figures.milliseconds.map { Self.spread($0, decimals: 0) }
          + [FigureFormat.fixed(figures.textMBps)]
      })
  }

  private var outputsTable: TextTable {
    let engine = report.outputs.first?.engine ?? ""
    return TextTable(
      title:
        "StyledText → outputs (\(engine)'s Document; MB/s of Markdown, median, min–max; "
        + "ratio = output time / StyledText time)",
      header: ["output", "MB/s", "StyledText MB/s", "ratio"],
      rows: report.outputs.map { figures in
        [
          figures.id, Self.spread(figures.throughputMBps), Self.spread(figures.styledTextMBps),
          Self.spread(figures.ratio, decimals: 2),
        ]
      })
  }

  private static func spread(_ statistics: SampleStatistics, decimals: Int = 1) -> String {
    "\(FigureFormat.fixed(statistics.median, decimals: decimals)) "
      + "(\(FigureFormat.fixed(statistics.min, decimals: decimals))–"
      + "\(FigureFormat.fixed(statistics.max, decimals: decimals)))"
  }

  private var parity: [TextTable] {
    guard !report.parity.isEmpty else {
      return [
        TextTable(
          title: "Parity (chapters identical after normalisation)",
          header: ["engines", "identical"],
          rows: [["–", "not available (needs two engines and the HTML normaliser)"]])
      ]
    }
    // Only the categories some pair has, so the table stays readable with sixteen of them;
    // the JSON report keeps every key.
    let categories = ParityCategory.allCases.map(\.rawValue).filter { category in
      report.parity.contains { ($0.categories[category] ?? 0) > 0 }
    }
    return [
      TextTable(
        title: "Parity (chapters identical after normalisation; differences by category)",
        header: ["engines", "identical"] + categories,
        rows: report.parity.map { pair in
          ["\(pair.a) / \(pair.b)", "\(pair.identical)/\(pair.total)"]
            + categories.map { String(pair.categories[$0] ?? 0) }
        },
        notes: report.parity.flatMap { pair in
          categories.compactMap { category in
            pair.examples[category].map { "\(pair.a) / \(pair.b), first \(category): \($0)" }
          }
        })
    ]
  }

  private var conformance: TextTable {
    TextTable(
      title: "Conformance (normalised output equals the suite's HTML)",
      header: ["engine", "suite", "passed", "total", "share"],
      rows: report.conformance.map { result in
        [
          result.engine, result.suite, String(result.passed), String(result.total),
          FigureFormat.percent(result.passed, of: result.total),
        ]
      }
        + report.conformanceAgreement.map { pair in
          [
            "\(pair.a) = \(pair.b)", pair.suite, String(pair.agreed), String(pair.total),
            FigureFormat.percent(pair.agreed, of: pair.total),
          ]
        },
      notes: sectionNotes)
  }

  /// Per section, each engine's passes, for sections where some engine fails.
  private var sectionNotes: [String] {
    var notes: [String] = []
    for result in report.conformance {
      let failing = result.sections.filter { $0.passed < $0.total }
      guard !failing.isEmpty else { continue }
      let parts = failing.map { "\($0.name) \($0.passed)/\($0.total)" }
      notes.append(
        "\(result.engine) \(result.suite) sections short of full: " + parts.joined(separator: ", "))
    }
    return notes
  }

  private var scaling: TextTable {
    TextTable(
      title: "Scaling (time at k× the input / time at 1×; linear is k)",
      header: ["path", "2×", "4×", "8×"],
      rows: report.scaling.map { figures in
        [
          figures.engine, FigureFormat.fixed(figures.ratio2x, decimals: 2),
          FigureFormat.fixed(figures.ratio4x, decimals: 2),
          FigureFormat.fixed(figures.ratio8x, decimals: 2),
        ]
      })
  }

  private var jobs: TextTable {
    TextTable(
      title: "Parallel chapters (time on 1 thread / time on N threads)",
      header: ["path", "threads", "speed-up", "cores obtained"],
      rows: report.jobs.map { figures in
        [
          figures.engine, String(figures.jobs), FigureFormat.fixed(figures.speedup, decimals: 2),
          FigureFormat.fixed(figures.parallelism, decimals: 2),
        ]
      })
  }

  private var memory: TextTable {
    TextTable(
      title: "Memory", header: ["measure", "value"],
      rows: [["peak RSS", FigureFormat.megabytes(report.memory.peakRSSBytes)]])
  }
}
