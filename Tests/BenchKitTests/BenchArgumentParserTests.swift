import BenchKit
import RenderCore
import Testing

@Suite struct BenchArgumentParserTests {
  let parser = BenchArgumentParser(knownEngines: ["cmark", "discount"])

  @Test func noArgumentsGiveTheDefaultRun() throws {
    let options = try parser.parse([])
    #expect(options == BenchOptions())
    #expect(options.engines == nil)
    #expect(options.runs == 10 && options.warmup == 2)
    #expect(options.format == .table)
  }

  @Test func everyOptionIsRead() throws {
    let options = try parser.parse([
      "--engines", "discount,cmark", "--corpus", "a.md", "--corpus=dir", "--runs", "3",
      "--warmup=0", "--clock", "cpu", "--spec", "spec.json", "--scaling", "--jobs", "2", "--format",
      "json",
      "--report", "out.html", "--baseline", "base.json", "--threshold", "5%", "--extensions",
      "tables, autolinks,tables", "--html", "page.html", "--html=pages",
    ])
    #expect(options.engines == ["discount", "cmark"])
    #expect(options.extensions == [.tables, .autolinks])
    #expect(options.corpusPaths == ["a.md", "dir"])
    #expect(options.runs == 3 && options.warmup == 0)
    #expect(options.clock == .cpu)
    #expect(options.specPaths == ["spec.json"])
    #expect(options.scaling)
    #expect(options.jobs == 2)
    #expect(options.format == .json)
    #expect(options.reportPath == "out.html")
    #expect(options.baselinePath == "base.json")
    #expect(options.thresholdPercent == 5)
    #expect(options.htmlPaths == ["page.html", "pages"])
  }

  @Test func unknownExtensionNamesTheValidOnes() {
    #expect(throws: RenderError.self) { try parser.parse(["--extensions", "tabels"]) }
    do {
      _ = try parser.parse(["--extensions", "tabels"])
    } catch {
      #expect(error.description.contains("unknown extension \"tabels\""))
      #expect(error.description.contains("tables, strikethrough"))
    }
  }

  @Test func repeatedEngineIsKeptOnce() throws {
    #expect(try parser.parse(["--engines", "cmark, cmark"]).engines == ["cmark"])
  }

  @Test(arguments: [
    (["--engines", "md4c"], "unknown engine \"md4c\"; valid engines: cmark, discount"),
    (["--engines", ","], "valid engines: cmark, discount"),
    (["--fast"], "unknown option \"--fast\"; valid options: --engines"),
    (["extra"], "unexpected argument \"extra\""),
    (["--runs"], "needs a value"),
    (["--runs", "0"], "at least 1"),
    (["--warmup", "-1"], "at least 0"),
    (["--format", "xml"], "valid formats: table, json, markdown"),
    (["--clock", "tsc"], "valid clocks: wall, cpu"),
    (["--threshold", "zero"], "percentage above 0"),
  ])
  func badArgumentsNameTheValidChoices(arguments: [String], message: String) {
    #expect {
      try parser.parse(arguments)
    } throws: { error in
      (error as? RenderError)?.description.contains(message) == true
    }
  }

  @Test func usageErrorsExitWithTwoAndListChoicesOnStandardError() {
    let command = BenchCommand(registry: TestStages.registry, stages: TestStages.stages)
    for arguments in [["--engines", "nope"], ["--nope"]] {
      let outcome = command.run(arguments)
      #expect(outcome.status == 2)
      #expect(outcome.standardOutput.isEmpty)
      #expect(outcome.standardError.contains("valid"))
    }
  }

  @Test func helpListsEveryOptionAndEngine() {
    let outcome = BenchCommand(registry: TestStages.registry, stages: TestStages.stages)
      .run(["--help"])
    #expect(outcome.status == 0)
    for name in BenchArgumentParser.optionNames {
      #expect(outcome.standardOutput.contains(name))
    }
    #expect(outcome.standardOutput.contains("valid: cmark, cmark-gfm, discount"))
  }
}
