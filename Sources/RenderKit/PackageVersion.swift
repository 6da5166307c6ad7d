/// This package's version, as `render --version` prints it: the semantic version of the
/// release it will be, with `-dev` until CHANGELOG.md has a section for it.
package enum PackageVersion {
  /// `"0.1.0-dev"`.
  package static let current = "0.1.0-dev"
}
