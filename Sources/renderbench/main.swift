import BenchKit
import Foundation

exit(RenderBench.main(Array(CommandLine.arguments.dropFirst())))
