import RenderBatch
import RenderKit

/// `render batch`'s command line, parsed: where the records come from, how many render at
/// once, which share of them, where the answers go, and the defaults of every record.
struct BatchArguments {
  /// A file of JSON Lines (gzip or not), or `-` for standard input.
  var input = "-"
  /// How many records render at once; nil for as many as the process may use processors.
  var jobs: Int?
  /// This run's share: every `count`-th record from the `index`-th (from 0).
  var shard: (index: Int, count: Int)?
  /// `--shards N`: the share's count, its index from `JOB_COMPLETION_INDEX`.
  var shardCount: Int?
  /// The folder the part file goes to; nil for standard output.
  var outputDirectory: String?
  /// The outputs of a record that names none.
  var outputs: Set<BatchOutput> = [.fragment]
  var configuration: String?
  /// The ``RenderSetting`` flags given, in order: every record's defaults.
  var settings: [RenderSetting.Assignment] = []
  /// The ``RenderSwitch`` flags given.
  var switchedOn: Set<WritableKeyPath<RenderOptions, Bool> & Sendable> = []
  var help = false

  /// Parses the arguments after `batch`.
  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = CommandArguments(arguments)
    var inputSeen = false
    while let read = remaining.next() {
      let name = read.name
      func value() throws(UsageError) -> String {
        guard let value = remaining.value(of: read) else {
          throw UsageError("\(name) needs a value")
        }
        return value
      }
      if let entry = RenderSwitch.all.first(where: { $0.flag == name }) {
        switchedOn.insert(entry.option)
        continue
      }
      if let setting = RenderSetting.all.first(where: { $0.flag == name }) {
        let raw = setting.kind == .boolean ? "true" : try value()
        do throws(RenderSetting.Problem) {
          settings.append(try setting.parse(raw))
        } catch {
          throw UsageError("\(name) does not take \"\(raw)\" (see render --help)")
        }
        continue
      }
      switch name {
      case "-h", "--help": help = true
      case "--config": configuration = try value()
      case "-j", "--jobs":
        let raw = try value()
        guard let count = Int(raw), (1...1024).contains(count) else {
          throw UsageError("--jobs needs a whole number from 1 to 1024 (found \"\(raw)\")")
        }
        jobs = count
      case "--shard":
        let raw = try value()
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
          count >= 1, (0..<count).contains(index)
        else {
          throw UsageError("--shard needs I/N with 0 <= I < N, as 0/4 (found \"\(raw)\")")
        }
        shard = (index, count)
      case "--shards":
        let raw = try value()
        guard let count = Int(raw), count >= 1 else {
          throw UsageError("--shards needs a whole number from 1 (found \"\(raw)\")")
        }
        shardCount = count
      case "--output-dir": outputDirectory = try value()
      case "--outputs":
        let raw = try value()
        var chosen: Set<BatchOutput> = []
        for name in raw.split(separator: ",") {
          guard let output = BatchOutput(rawValue: String(name)) else {
            let valid = BatchOutput.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--outputs does not take \"\(name)\"; valid outputs: \(valid)")
          }
          chosen.insert(output)
        }
        if chosen.isEmpty { throw UsageError("--outputs needs at least one output") }
        outputs = chosen
      default:
        if read.text != "-" && read.text.hasPrefix("-") {
          throw UsageError("unknown option \(name) for render batch")
        }
        if inputSeen {
          throw UsageError("render batch reads one input (found \"\(read.text)\" too)")
        }
        input = read.text
        inputSeen = true
      }
    }
    if shard != nil && shardCount != nil {
      throw UsageError("give --shard I/N or --shards N, not both")
    }
  }

  /// The share this run answers: `--shard`, else `--shards` with `JOB_COMPLETION_INDEX` (a
  /// Kubernetes indexed Job's), else all of the records.
  func share(environment: [String: String]) throws(UsageError) -> (index: Int, count: Int) {
    if let shard { return shard }
    guard let count = shardCount else { return (0, 1) }
    guard let raw = environment["JOB_COMPLETION_INDEX"], let index = Int(raw),
      (0..<count).contains(index)
    else {
      throw UsageError(
        "--shards \(count) takes the shard from JOB_COMPLETION_INDEX, a whole number from 0 "
          + "to \(count - 1) (found \(environment["JOB_COMPLETION_INDEX"].map { "\"\($0)\"" } ?? "none"))"
      )
    }
    return (index, count)
  }

  static let help = """
    Usage: render batch [FILE|-] [options]

    Reads JSON Lines (FILE, or standard input; gzip is recognised by its first bytes) and
    writes one JSON line per input line to standard output, in input order, each as soon as
    it and those before it are done. Progress and a summary go to standard error. A record:

      {"id": "intro", "markdown": "# Hi", "outputs": ["fragment", "title"],
       "settings": {"engine": "md4c", "deadline": 1}}

    The document is "markdown" or "html" text, or a "path" (read as render reads FILE;
    "from": "markdown" or "html" overrides its extension). "settings" has render.json's
    shape and goes over the defaults given here. Its answer:

      {"id":"intro","line":1,"ok":true,"engine":"md4c","engineVersion":"…","fragment":"…"}

    or "ok":false with "error":{"kind":K,"message":M}, K one of deadline, memory,
    input-too-large, output-too-large, limit, crash, parse, unreadable, invalid-record. A
    failed record is an answer; the batch goes on. A blank or malformed line is answered
    as invalid-record. See docs/batch.md.

    Options:
      -j, --jobs N         records rendered at once (default: the processors this
                           process may use, cgroup quotas included)
      --outputs LIST       what a record without "outputs" gets, comma-separated:
                           fragment (default), page, text, json, title, headings,
                           frontMatter
      --shard I/N          answer every N-th record from the I-th (from 0) only
      --shards N           --shard with I from JOB_COMPLETION_INDEX (Kubernetes)
      --output-dir DIR     write part-I-of-N.jsonl there: under a temporary name until
                           complete, then renamed; a part already there is not redone
      --config FILE        render.json to start from
      -h, --help           this help

    Every setting flag of render (--engine, --profile, --deadline, --importer, --smart,
    …; see render --help) sets the defaults of every record.

    Exit status: 0 when every selected line was answered (failed records included), 1 when
    the input could not be read or the answers written, 2 for a wrong command line.

    """
}
