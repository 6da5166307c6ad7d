import RenderCore
import Testing

@Suite struct URLSafetyTests {
  @Test(arguments: [
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
    "java\nscript:x", "vbscript:msgbox(1)", "VbScRiPt:x",
    "data:text/html,<script>alert(1)</script>", "DATA:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd", "\u{1}javascript:x", "data:image/svg+xml,<svg onload=alert(1)>",
  ])
  func dangerousURLs(_ url: String) {
    #expect(URLSafety.isDangerous(url))
    #expect(URLSafety.isDangerous(attributeText: url))
  }

  @Test(arguments: [
    "&#106;avascript:alert(1)", "&#x6A;avascript:x", "&#106avascript:x",
    "javascript&colon;alert(1)",
    "jav&#x09;ascript:x", "&#x64;ata:text/html,x", "java&Tab;script:x",
  ])
  func referencesAreDecodedInAttributeText(_ text: String) {
    #expect(URLSafety.isDangerous(attributeText: text))
    #expect(!URLSafety.isDangerous(text), "a decoded URL is not decoded twice")
  }

  @Test(arguments: [
    "https://example.com", "http://example.com/a?b=javascript:x", "mailto:me@example.com",
    "/relative/path", "relative.html", "#anchor", "?q=1", "data:image/png;base64,iVBORw0KGgo=",
    "DATA:image/gif;base64,R0lGOD", "javascript", "ftp://files.example.com", "",
    "./javascript:x",
  ])
  func harmlessURLs(_ url: String) {
    #expect(!URLSafety.isDangerous(url))
    #expect(!URLSafety.isDangerous(attributeText: url))
  }
}
