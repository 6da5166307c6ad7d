import Testing

@testable import RenderKit

/// The argument reader and the usage layout that `render` and `renderbench` share.
@Suite struct CommandOptionTests {
  @Test("a -- option takes its value after = or from the next argument")
  func values() {
    var arguments = CommandArguments(["--title=a=b", "--runs", "3", "-o=x", "--port"])
    let title = arguments.next()
    #expect(title?.name == "--title")
    #expect(title?.attached == "a=b")
    #expect(title.flatMap { arguments.value(of: $0) } == "a=b")
    let runs = arguments.next()
    #expect(runs?.name == "--runs" && runs?.attached == nil)
    #expect(runs.flatMap { arguments.value(of: $0) } == "3")
    // Only `--` options are split at `=`: `-o=x` is one name.
    #expect(arguments.next()?.name == "-o=x")
    let port = arguments.next()
    #expect(port.flatMap { arguments.value(of: $0) } == nil)
    #expect(arguments.next() == nil)
  }

  @Test("the usage puts help at the column, or under a syntax that reaches it")
  func usage() {
    let text = CommandUsage.options(
      [("--runs N", ["runs", "per figure"]), ("--a-very-long-option VALUE", ["help"])], column: 12)
    #expect(
      text == """
          --runs N  runs
                    per figure
          --a-very-long-option VALUE
                    help

        """)
  }

  @Test("an option's refusal carries its message, and the table finds options by any flag")
  func table() throws {
    let options = [
      CommandOption<Int>(["--help", "-h"], help: ["help"]) { value, _ in value = -1 },
      CommandOption<Int>(["--runs"], valueName: "N", help: ["runs"]) {
        value, text throws(CommandOption<Int>.Refusal) in
        guard let runs = Int(text), runs > 0 else { throw .init("needs a whole number above 0") }
        value = runs
      },
    ]
    #expect(CommandOption.named("-h", in: options)?.syntax == "--help")
    let runs = try #require(CommandOption.named("--runs", in: options))
    #expect(runs.syntax == "--runs N")
    var target = 0
    try runs.apply("4", to: &target)
    #expect(target == 4)
    #expect(throws: CommandOption<Int>.Refusal.self) { try runs.apply("0", to: &target) }
  }
}
