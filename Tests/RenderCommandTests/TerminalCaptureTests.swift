import Foundation
import TestSupport
import Testing

/// `render --to terminal` in a real terminal (a detached tmux pane of a fixed size), read
/// back from the screen: what a user sees once the terminal has drawn it.
@Suite(
  .serialized,
  .enabled(
    if: BuiltProducts.isBuilt("render"), "SKIPPED: render is not built; run `swift build` first"),
  .enabled(if: TerminalSession.tmux != nil, TerminalSession.missing))
struct TerminalCaptureTests {
  let render = BuiltProducts.executable("render")
  let document = SharedFixtures.fixture("Fixtures/Terminal/capture.md").path
  let utf8 = ["LANG": "C.UTF-8"]

  /// The rows from the table's top border to its bottom border.
  private func table(in rows: [String]) throws -> [String] {
    let top = try #require(rows.firstIndex { $0.hasPrefix("┌") }, "no table top border")
    let bottom = try #require(rows.firstIndex { $0.hasPrefix("└") }, "no table bottom border")
    return Array(rows[top...bottom])
  }

  @Test func aTableStaysBoxedWithItsCellsWrappedAtSixtyColumns() throws {
    let pane = try TerminalSession(
      render, [document, "--to", "terminal", "--color", "never"], columns: 60, lines: 50,
      environment: utf8)
    let table = try table(in: pane.rows)
    // Had any line been wider than the pane, the terminal would have wrapped it and a row
    // would not end at the right border.
    for row in table {
      let edges: (String, String) =
        switch row.first {
        case "┌": ("┌", "┐")
        case "╞": ("╞", "╡")
        case "└": ("└", "┘")
        default: ("│", "│")
        }
      #expect(row.hasPrefix(edges.0) && row.hasSuffix(edges.1), "broken row: \(row)")
    }
    #expect(table[1].contains("Engine") && table[1].contains("Notes"))
    #expect(table[2].hasPrefix("╞"), "no header rule under the header row")
    // The long note wraps inside its column, over several rows, and loses no word.
    let notes = table.filter { $0.hasPrefix("│") }.dropFirst().map { row in
      row.split(separator: "│").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
    let wrapped = notes.prefix { !$0.contains("日本語") }
    #expect(wrapped.count >= 2, "the note did not wrap: \(notes)")
    #expect(
      wrapped.joined(separator: " ")
        == "The reference implementation of CommonMark, fast and strict about the specification")
    #expect(notes.contains { $0.contains("日本語のセルも折り返す 🎉") })
    // The heading's rule is as wide as the heading.
    let heading = try #require(pane.rows.firstIndex(of: "Engines compared"))
    #expect(pane.rows[heading + 1] == String(repeating: "═", count: 16))
  }

  @Test func onATerminalColourAndTheWidthComeFromTheTerminal() throws {
    // No --width and no --color: the pane's 50 columns and colour, as a user gets them.
    let pane = try TerminalSession(
      render, [document, "--to", "terminal"], columns: 50, lines: 50, environment: utf8)
    let table = try table(in: pane.rows)
    #expect(
      table.allSatisfy {
        $0.hasSuffix("┐") || $0.hasSuffix("│") || $0.hasSuffix("╡") || $0.hasSuffix("┘")
      })
    #expect(pane.rows.contains { $0.contains("[image: The speed chart]") })
    let styled = pane.styledRows.joined(separator: "\n")
    #expect(styled.contains("\u{1B}[1m"), "no bold heading on the terminal")
    #expect(styled.contains("\u{1B}["), "no colour on the terminal")
    // With colour, code and emphasis are shown by their style, not by markers.
    let screen = pane.rows.joined(separator: "\n")
    #expect(screen.contains("strengths") && !screen.contains("_strengths_"))
    #expect(screen.contains("--list-engines") && !screen.contains("`"))
  }

  @Test func withoutColourEveryDistinctionStaysVisible() throws {
    let pane = try TerminalSession(
      render, [document, "--to", "terminal", "--extension", "footnotes"], columns: 80,
      lines: 50, environment: utf8.merging(["NO_COLOR": "1"]) { $1 })
    #expect(!pane.styledRows.joined().contains("\u{1B}["), "escape codes despite NO_COLOR")
    let screen = pane.rows.joined(separator: "\n")
    #expect(
      screen.contains("Each engine has _strengths_, and `render --list-engines` names them.[1]"))
    #expect(screen.contains("Engines compared\n════════════════"))
    #expect(screen.contains("Speed\n─────"))
    #expect(screen.contains("### Measured on progit"))
    #expect(screen.contains("[image: The speed chart]"))
    #expect(screen.contains("1. Medians of five runs on one machine."))
    #expect(!screen.contains("↩"))
  }

  @Test func anASCIILocaleGetsASCIIBorders() throws {
    let pane = try TerminalSession(
      render, [document, "--to", "terminal", "--color", "never"], columns: 60, lines: 50,
      environment: ["LANG": "C"])
    let top = try #require(pane.rows.firstIndex { $0.hasPrefix("+-") })
    #expect(pane.rows[top].hasSuffix("-+"))
    #expect(pane.rows[top + 1].hasPrefix("| Engine"))
    #expect(pane.rows[top + 2].hasPrefix("+=") || pane.rows[top + 2].hasPrefix("+-"))
  }
}
