import BenchKit
import Foundation
import TestSupport
import Testing

/// Runs the whole command in process on the tiny fixture corpus, one run, no warm-up.
@Suite struct EndToEndTests {
  let command = BenchCommand(registry: TestStages.registry, stages: TestStages.stages)
  let corpus = SharedFixtures.fixture("Fixtures/Bench/tiny").path

  func jsonObject(_ arguments: [String]) throws -> [String: Any] {
    let outcome = command.run(arguments + ["--corpus", corpus, "--runs", "1", "--warmup", "0"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
    return try #require(object as? [String: Any])
  }

  @Test func jsonHasEveryKeyWithItsType() throws {
    let report = try jsonObject(["--format", "json"])
    #expect(
      Set(report.keys) == [
        "context", "engines", "import", "parity", "conformance", "conformanceAgreement", "scaling",
        "jobs", "memory", "importers", "outputs", "importStages",
      ])
    let context = try #require(report["context"] as? [String: Any])
    #expect(context["cores"] is Int)
    #expect(context["os"] is String)
    #expect(context["swiftVersion"] is String)
    #expect((context["libraries"] as? [String: String])?["cmark"] != nil)
    let corpora = try #require(context["corpus"] as? [[String: Any]])
    #expect(corpora.count == 1)
    #expect(corpora[0]["documents"] as? Int == 2)
    #expect((corpora[0]["sha256"] as? String)?.count == 64)
    #expect(corpora[0]["bytes"] as? Int ?? 0 > 100)
    #expect((context["options"] as? [String: Any])?["runs"] as? Int == 1)

    let engines = try #require(report["engines"] as? [[String: Any]])
    #expect(engines.map { $0["id"] as? String } == ["cmark", "cmark-gfm", "discount", "md4c"])
    for engine in engines {
      #expect(engine["version"] is String)
      let throughput = try #require(engine["throughputMBps"] as? [String: Double])
      #expect(Set(throughput.keys) == ["median", "min", "max"])
      #expect(throughput["median"] ?? 0 > 0)
      #expect((engine["rawMBps"] as? [String: Double])?["median"] ?? 0 > 0)
      #expect(engine["overheadRatio"] as? Double ?? 0 > 0)
      #expect(engine["styledTextMBps"] as? Double ?? 0 > 0)
    }
    let figures = try #require(report["import"] as? [String: Any])
    for key in ["throughputMBps", "libxml2MBps", "ratio"] {
      #expect(figures[key] as? Double ?? 0 > 0, "import.\(key)")
    }
    let outputs = try #require(report["outputs"] as? [[String: Any]])
    #expect(outputs.map { $0["id"] as? String } == ["length"])
    #expect(outputs.first?["engine"] as? String == "cmark")
    for key in ["throughputMBps", "styledTextMBps", "ratio"] {
      #expect((outputs.first?[key] as? [String: Double])?["median"] ?? 0 > 0, "outputs.\(key)")
    }
    let parity = try #require(report["parity"] as? [[String: Any]])
    #expect(parity.count == 6)
    #expect(parity[0]["a"] as? String == "cmark" && parity[0]["b"] as? String == "cmark-gfm")
    #expect(parity[3]["a"] as? String == "cmark-gfm" && parity[3]["b"] as? String == "discount")
    #expect(parity[0]["total"] as? Int == 2)
    let categories = try #require(parity[0]["categories"] as? [String: Int])
    #expect(Set(categories.keys) == Set(ParityCategory.allCases.map(\.rawValue)))
    let identical = try #require(parity[0]["identical"] as? Int)
    #expect(identical + categories.values.reduce(0, +) == 2)
    #expect((report["scaling"] as? [Any])?.isEmpty == true)
    #expect((report["jobs"] as? [Any])?.isEmpty == true)
    #expect((report["memory"] as? [String: Int])?["peakRSSBytes"] ?? 0 > 1_000_000)
  }

  @Test func builtInStagesImportNormaliseAndCheckConformance() throws {
    let builtIn = BenchCommand(registry: TestStages.registry, stages: .builtIn)
    let suite = SharedFixtures.fixture("Fixtures/Bench/suite.json").path
    let outcome = builtIn.run([
      "--format", "json", "--corpus", corpus, "--runs", "1", "--warmup", "0", "--spec", suite,
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let figures = try #require(report["import"] as? [String: Any])
    #expect(figures["ratio"] as? Double ?? 0 > 0)
    let engines = try #require(report["engines"] as? [[String: Any]])
    #expect(engines.allSatisfy { $0["styledTextMBps"] as? Double ?? 0 > 0 })
    let parity = try #require(report["parity"] as? [[String: Any]])
    #expect(parity.first?["total"] as? Int == 2)
    // The crafted suite is CommonMark both engines render alike once normalised.
    let conformance = try #require(report["conformance"] as? [[String: Any]])
    #expect(conformance.map { $0["passed"] as? Int } == [4, 4, 4, 4])
    let agreement = try #require(report["conformanceAgreement"] as? [[String: Any]])
    #expect(agreement.first?["agreed"] as? Int == 4)
  }

  @Test func htmlPagesAreMeasuredPerImporterAndStage() throws {
    let builtIn = BenchCommand(registry: TestStages.registry, stages: .builtIn)
    let pages = SharedFixtures.fixture("Fixtures/Bench/html").path
    let json = builtIn.run([
      "--format", "json", "--html", pages, "--runs", "2", "--warmup", "0", "--clock", "cpu",
    ])
    #expect(json.status == 0, "\(json.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect((report["engines"] as? [Any])?.isEmpty == true)
    let stages = try #require(report["importStages"] as? [[String: Any]])
    #expect(stages.map { $0["id"] as? String } == ["libxml2", "html5"])
    for importer in stages {
      #expect(importer["documents"] as? Int == 1)
      #expect(importer["htmlBytes"] as? Int ?? 0 > 300)
      let milliseconds = try #require(importer["milliseconds"] as? [[String: Double]])
      #expect(milliseconds.count == 6)
      #expect(milliseconds.allSatisfy { ($0["min"] ?? -1) >= 0 && $0["median"] ?? -1 >= 0 })
    }
    let table = builtIn.run(["--html", pages, "--runs", "1", "--warmup", "0"])
    #expect(table.status == 0, "\(table.standardError)")
    #expect(table.standardOutput.contains("Importers per stage"))
    #expect(table.standardOutput.contains("C parse"))
    #expect(!table.standardOutput.contains("Markdown → HTML"))
  }

  @Test func optionalMeasurementsFillTheirArrays() throws {
    let suite = SharedFixtures.fixture("Fixtures/Bench/suite.json").path
    let report = try jsonObject([
      "--format", "json", "--engines", "cmark", "--scaling", "--jobs", "2", "--spec", suite,
    ])
    let scaling = try #require(report["scaling"] as? [[String: Any]])
    #expect(scaling.map { $0["engine"] as? String } == ["cmark", "import"])
    for figures in scaling {
      for key in ["ratio2x", "ratio4x", "ratio8x"] { #expect(figures[key] as? Double ?? 0 > 0) }
    }
    let jobs = try #require(report["jobs"] as? [[String: Any]])
    #expect(jobs.map { $0["engine"] as? String } == ["cmark", "import"])
    #expect(jobs.allSatisfy { $0["jobs"] as? Int == 2 && $0["speedup"] as? Double ?? 0 > 0 })
    #expect(jobs.allSatisfy { $0["parallelism"] as? Double ?? 0 > 0 })
    let conformance = try #require(report["conformance"] as? [[String: Any]])
    #expect(conformance.count == 1)
    #expect(conformance[0]["suite"] as? String == "suite")
    #expect(conformance[0]["passed"] as? Int == 4 && conformance[0]["total"] as? Int == 4)
    #expect((report["parity"] as? [Any])?.isEmpty == true)
  }

  @Test func tableAndMarkdownShowEverySection() {
    for (format, heading) in [("table", "Markdown → HTML"), ("markdown", "### Markdown → HTML")] {
      let outcome = command.run([
        "--format", format, "--corpus", corpus, "--runs", "1", "--warmup", "0",
      ])
      #expect(outcome.status == 0)
      #expect(outcome.standardOutput.contains(heading))
      #expect(outcome.standardOutput.contains("Parity"))
      #expect(outcome.standardOutput.contains("peak RSS"))
      #expect(!outcome.standardOutput.contains("not available"))
    }
  }

  @Test func reportPageIsSelfContainedWithChartsInBothSchemes() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("renderbench-\(UUID().uuidString).html").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let outcome = command.run([
      "--report", path, "--scaling", "--engines", "cmark", "--corpus", corpus, "--runs", "1",
      "--warmup", "0",
    ])
    #expect(outcome.status == 0)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.components(separatedBy: "<svg").count - 1 == 2)
    #expect(page.contains("@media (prefers-color-scheme: dark)"))
    #expect(!page.contains("src=\"http") && !page.contains("<link"))
    #expect(page.contains("cmark → HTML"))
  }

  @Test func regressionAgainstABaselineExitsOneNamingTheFigure() throws {
    let first = command.run([
      "--format", "json", "--engines", "cmark", "--corpus", corpus, "--runs", "1", "--warmup", "0",
    ])
    // A baseline a thousand times faster: every throughput figure regresses.
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
    var engines = try #require(object["engines"] as? [[String: Any]])
    engines[0]["throughputMBps"] = ["median": 1e6, "min": 1e6, "max": 1e6]
    object["engines"] = engines
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("baseline-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))

    let outcome = command.run([
      "--baseline", path, "--threshold", "20", "--engines", "cmark", "--corpus", corpus, "--runs",
      "1", "--warmup", "0",
    ])
    #expect(outcome.status == 1)
    #expect(outcome.standardError.contains("engines.cmark.throughputMBps.median"))
    #expect(!outcome.standardOutput.isEmpty)
  }

  @Test func missingFilesAreErrorsWithStatusOne() {
    for arguments in [
      ["--corpus", "/nonexistent.md"], ["--baseline", "/nonexistent.json"],
      ["--spec", "/nonexistent.json"],
    ] {
      let outcome = command.run(arguments)
      #expect(outcome.status == 1)
      #expect(outcome.standardError.contains("/nonexistent"))
    }
  }
}
