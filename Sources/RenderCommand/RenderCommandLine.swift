import RenderKit

/// What every command that renders reads from its command line the same way: the input,
/// the ``RenderSetting`` and ``RenderSwitch`` flags, and through it, the command's own
/// options. `render` and `render batch` both parse with it, so a flag means one thing in both.
struct RenderCommandLine: Equatable {
  /// A file path, or `-` for standard input.
  var input = "-"
  /// The ``RenderSetting`` flags given, their values checked, in the order given: applied
  /// over the configuration file's, a later one over an earlier one.
  var settings: [RenderSetting.Assignment] = []
  /// The options ``RenderSwitch`` flags turned on (`--smart`, `--unsafe`, …).
  var switchedOn: Set<WritableKeyPath<RenderOptions, Bool> & Sendable> = []

  /// Nothing given: standard input, and no flags.
  init() {}

  /// Reads the rest of `arguments`. `option` is offered each option that is neither a
  /// setting nor a switch, with a way to read its value, and answers whether it was the
  /// command's; an option no one takes is an error, as is a second input.
  init(
    _ arguments: inout CommandArguments,
    option: (_ name: String, _ value: () throws(UsageError) -> String) throws(UsageError) ->
      Bool
  ) throws(UsageError) {
    var inputSeen = false
    while let read = arguments.next() {
      let name = read.name
      func value() throws(UsageError) -> String {
        guard let value = arguments.value(of: read) else {
          throw UsageError("\(name) needs a value")
        }
        return value
      }
      if let entry = RenderSwitch.all.first(where: { $0.flag == name }) {
        switchedOn.insert(entry.option)
        continue
      }
      if let setting = RenderSetting.all.first(where: { $0.flag == name }) {
        // A setting without a value is a flag that turns it on.
        let raw = setting.kind == .boolean ? "true" : try value()
        do throws(RenderSetting.Problem) {
          settings.append(try setting.parse(raw))
        } catch {
          throw UsageError(Self.message(for: error, flag: name, value: raw))
        }
        continue
      }
      if try option(name, value) { continue }
      if read.text != "-" && read.text.hasPrefix("-") {
        throw UsageError("unknown option \(name)")
      }
      if inputSeen {
        throw UsageError("only one input file may be given (found \"\(read.text)\")")
      }
      input = read.text
      inputSeen = true
    }
  }

  /// The value last given for `setting`, as written.
  func value(of setting: RenderSetting) -> String? {
    settings.last { $0.key == setting.key }?.value
  }

  /// `configuration` with the settings and switches given set over it, relative paths
  /// resolved against `folder`.
  func apply(to configuration: inout RenderConfiguration, folder: String) {
    let origin = RenderSetting.Origin(folder: folder)
    for setting in settings { setting.apply(to: &configuration, from: origin) }
    for option in switchedOn { configuration.options[keyPath: option] = true }
  }

  /// What to tell the user of a setting's refused value: the flag, the value and what it
  /// takes.
  private static func message(
    for problem: RenderSetting.Problem, flag: String, value: String
  ) -> String {
    switch problem {
    case .notOneOf(let valid):
      "\(flag) does not take \"\(value)\"; valid values: \(valid.joined(separator: ", "))"
    case .expected(let expected): "\(flag) needs \(expected) (found \"\(value)\")"
    }
  }
}
