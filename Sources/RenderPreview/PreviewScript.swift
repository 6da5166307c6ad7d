/// The script the preview adds to its page, served from ``PreviewPage/scriptPath``.
///
/// It follows the event stream and, for each new rendering, replaces the content of `<main>`
/// in place (no reload, so the scroll position stays), then the `<style>`, the title and the
/// language. The new content is the same fragment the page would have had (rendered and
/// sanitized as configured); set as `innerHTML`, its `<script>` elements do not even run,
/// so the live update adds no capability to what the page already had. An error shows as a
/// banner (set as text) over the last good rendering, until the next good save.
enum PreviewScript {
  /// The JavaScript source.
  static let source = #"""
    (function () {
      "use strict";
      var script = document.currentScript;
      var since = (script && script.getAttribute("data-version")) || "0";
      var bannerStyle = "position:sticky;top:0;z-index:2147483647;margin:0 0 1em;"
        + "padding:.5em 1em;background:#b3261e;color:#fff;white-space:pre-wrap;"
        + "font:14px/1.4 system-ui,sans-serif";
      function banner(message) {
        var notice = document.getElementById("render-preview-error");
        if (message === null) {
          if (notice) notice.remove();
          return;
        }
        if (!notice) {
          notice = document.createElement("div");
          notice.id = "render-preview-error";
          notice.setAttribute("role", "alert");
          document.body.insertBefore(notice, document.body.firstChild);
        }
        notice.style.cssText = bannerStyle;
        notice.textContent = message;
      }
      var shown = document.getElementById("render-preview-error");
      if (shown) shown.style.cssText = bannerStyle;
      function apply(update) {
        if (typeof update.error === "string") {
          banner(update.error);
          return;
        }
        var main = document.querySelector("main.markdown-body");
        if (!main) return;
        var x = window.scrollX, y = window.scrollY;
        main.innerHTML = update.body;
        banner(null);
        var style = document.head.querySelector("style");
        if (update.style && update.style.trim()) {
          if (!style) {
            style = document.createElement("style");
            document.head.appendChild(style);
          }
          style.textContent = update.style;
        } else if (style) {
          style.remove();
        }
        var scheme = document.head.querySelector('meta[name="color-scheme"]');
        if (update.darkVariant && !scheme) {
          scheme = document.createElement("meta");
          scheme.name = "color-scheme";
          scheme.content = "light dark";
          document.head.appendChild(scheme);
        } else if (!update.darkVariant && scheme) {
          scheme.remove();
        }
        document.title = update.title;
        if (update.language) document.documentElement.lang = update.language;
        else document.documentElement.removeAttribute("lang");
        window.scrollTo(x, y);
      }
      var events = new EventSource("/.render-preview/events?since=" + encodeURIComponent(since));
      events.onmessage = function (event) { apply(JSON.parse(event.data)); };
    })();

    """#
}
