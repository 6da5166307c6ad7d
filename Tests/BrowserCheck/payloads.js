// The page payloads.py drives in headless Chromium. load(documents) puts each document into
// an iframe of its own (srcdoc: the same origin as this page, so its DOM can be read), waits
// for every frame's load event, and answers, for each document, what it did:
//   ran       the hooks its script called (alert, confirm, prompt, print, from the frame or
//             through top/parent), "navigated" when the frame left its document;
//   vectors   what the browser parsed out of the output that could run script: a script-capable
//             element, an on* attribute, srcdoc/formaction, a URL attribute whose scheme the
//             browser reads as javascript:, vbscript: or a data: type other than an image.
// A document's own markup cannot hide another's (an unclosed <textarea>, <title>, <noscript>
// or <!-- swallowing what follows): each has a frame, so each is parsed from the start.
"use strict";
const ranScripts = [];
function ran(label, hook) {
  ranScripts.push(label + " " + hook);
}
for (const name of ["alert", "confirm", "prompt", "print"]) {
  window[name] = () => ran("(the top page)", name);
}

const scriptCapable = new Set([
  "script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "form", "portal",
]);
const urlAttributes = new Set([
  "href", "src", "action", "formaction", "data", "poster", "background", "cite", "lowsrc",
  "dynsrc", "xlink:href", "srcset", "ping",
]);

function dangerousURL(value, base) {
  let url;
  try {
    url = new URL(value, base);
  } catch {
    return false;
  }
  if (url.protocol === "javascript:" || url.protocol === "vbscript:") return true;
  if (url.protocol !== "data:") return false;
  const type = url.pathname.split(/[;,]/)[0].trim().toLowerCase();
  return !type.startsWith("image/") || type.startsWith("image/svg");
}

function vectors(document) {
  const found = [];
  for (const element of document.querySelectorAll("*")) {
    if (element.hasAttribute("data-browser-check")) continue;  // the check's own scripts
    const tag = element.localName;
    if (scriptCapable.has(tag)) found.push("<" + tag + ">");
    if (tag === "meta" && element.hasAttribute("http-equiv")) found.push("<meta http-equiv>");
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on") || name === "srcdoc" || name === "formaction") {
        found.push(tag + "[" + name + "]");
      }
      if (!urlAttributes.has(name)) continue;
      const urls = name === "srcset" ? attribute.value.split(",").map(s => s.trim().split(/\s+/)[0])
        : [attribute.value];
      if (urls.some(url => dangerousURL(url, document.baseURI))) {
        found.push(tag + "[" + name + "=" + attribute.value + "]");
      }
    }
  }
  return found;
}

async function load(documents, labels, seconds) {
  const frames = documents.map(source => {
    const frame = document.createElement("iframe");
    const loaded = new Promise(done => frame.addEventListener("load", done, { once: true }));
    frame.srcdoc = source;
    document.body.append(frame);
    return { frame, loaded };
  });
  const late = new Promise(done => setTimeout(() => done("late"), seconds * 1000));
  await Promise.race([Promise.all(frames.map(f => f.loaded)), late]);
  // The handlers the events' default actions queued (a javascript: link clicked) run first.
  await new Promise(done => setTimeout(done, 10));
  const answers = frames.map(({ frame }, index) => {
    const answer = { label: labels[index], ran: [], vectors: [], boundaries: 0 };
    let inner;
    try {
      inner = frame.contentDocument;
    } catch {
      inner = null;
    }
    if (!inner || !inner.URL.startsWith("about:srcdoc")) {
      answer.ran.push("navigated to " + (inner ? inner.URL : "another origin"));
    } else if (frame.contentWindow.browserCheckFired !== true) {
      // Not loaded in time, or the output left the parser where the last script is text.
      answer.ran.push("its events were not fired: the check's last script did not run");
    } else {
      answer.vectors = vectors(inner);
      // The markers between outputs that the parser put straight into the body: it was back
      // in its ordinary state there, so what follows was parsed as if it came first.
      answer.boundaries = [...inner.querySelectorAll("hr[data-browser-check]")]
        .filter(marker => marker.parentNode === inner.body).length;
    }
    frame.remove();
    return answer;
  });
  const hooked = ranScripts.splice(0);
  return { answers, hooked };
}
