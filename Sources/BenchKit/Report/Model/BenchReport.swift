/// Everything one run measured: the model behind the table, Markdown, JSON and HTML outputs.
///
/// Its JSON form is the tool's stable interface (documented in the README): every key is
/// always present, with `null` or `[]` for what the run did not measure.
package struct BenchReport: Sendable, Hashable, Codable {
  /// Where and on what it was measured.
  package var context: ReportContext
  /// Markdown → HTML per engine.
  package var engines: [EngineFigures]
  /// HTML → StyledText; `nil` when this build cannot import HTML.
  package var `import`: ImportFigures?
  /// Each importer's HTML → StyledText against its own C parse.
  package var importers: [ImporterFigures]
  /// Each pair of engines compared on the corpus's chapters.
  package var parity: [ParityFigures]
  /// Each engine on each `--spec` suite.
  package var conformance: [ConformanceFigures]
  /// Each pair of engines on each `--spec` suite.
  package var conformanceAgreement: [AgreementFigures]
  /// With `--scaling`: time ratios at 2×, 4× and 8× the input.
  package var scaling: [ScalingFigures]
  /// With `--jobs N`: the speed-up on N threads.
  package var jobs: [JobsFigures]
  /// Peak memory.
  package var memory: MemoryFigures
  /// Each output written from StyledText against building the text.
  package var outputs: [OutputFigures]
  /// Each importer's HTML → text time per stage.
  package var importStages: [ImportStageFigures] = []

  /// Creates a report.
  package init(
    context: ReportContext, engines: [EngineFigures], import: ImportFigures?,
    parity: [ParityFigures], conformance: [ConformanceFigures],
    conformanceAgreement: [AgreementFigures], scaling: [ScalingFigures], jobs: [JobsFigures],
    memory: MemoryFigures, importers: [ImporterFigures] = [], outputs: [OutputFigures] = []
  ) {
    self.importers = importers
    self.outputs = outputs
    self.context = context
    self.engines = engines
    self.import = `import`
    self.parity = parity
    self.conformance = conformance
    self.conformanceAgreement = conformanceAgreement
    self.scaling = scaling
    self.jobs = jobs
    self.memory = memory
  }

  private enum CodingKeys: String, CodingKey {
    case context, engines, `import`, parity, conformance, conformanceAgreement, scaling, jobs
    case memory, importers, outputs, importStages
  }

  /// Reads a report; one written before `importers`, `outputs` or `importStages` existed
  /// reads with none.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    context = try container.decode(ReportContext.self, forKey: .context)
    engines = try container.decode([EngineFigures].self, forKey: .engines)
    self.import = try container.decodeIfPresent(ImportFigures.self, forKey: .import)
    parity = try container.decode([ParityFigures].self, forKey: .parity)
    conformance = try container.decode([ConformanceFigures].self, forKey: .conformance)
    conformanceAgreement = try container.decode(
      [AgreementFigures].self, forKey: .conformanceAgreement)
    scaling = try container.decode([ScalingFigures].self, forKey: .scaling)
    jobs = try container.decode([JobsFigures].self, forKey: .jobs)
    memory = try container.decode(MemoryFigures.self, forKey: .memory)
    importers = try container.decodeIfPresent([ImporterFigures].self, forKey: .importers) ?? []
    outputs = try container.decodeIfPresent([OutputFigures].self, forKey: .outputs) ?? []
    importStages =
      try container.decodeIfPresent([ImportStageFigures].self, forKey: .importStages) ?? []
  }

  /// Writes every key, `import` as `null` when not measured, so the JSON has one shape.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(context, forKey: .context)
    try container.encode(engines, forKey: .engines)
    try container.encode(self.import, forKey: .import)
    try container.encode(parity, forKey: .parity)
    try container.encode(conformance, forKey: .conformance)
    try container.encode(conformanceAgreement, forKey: .conformanceAgreement)
    try container.encode(scaling, forKey: .scaling)
    try container.encode(jobs, forKey: .jobs)
    try container.encode(memory, forKey: .memory)
    try container.encode(importers, forKey: .importers)
    try container.encode(outputs, forKey: .outputs)
    try container.encode(importStages, forKey: .importStages)
  }
}
