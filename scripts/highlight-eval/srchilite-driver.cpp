// Evaluation driver for scripts/highlight-quality.py: GNU source-highlight's token stream.
// Reads blocks from stdin ("<byte count>\n<bytes>" repeated), writes for each block one
// "<start> <end> <element>" line per token and a "#" line after it; timings go to stderr.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/parserexception.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/sourcehighlighter.h>

struct Token { size_t start, end; const std::string *element; };

class TokenFormatter : public srchilite::Formatter {
 public:
  TokenFormatter(std::string element, std::vector<Token> *tokens, size_t *lineStart)
      : element(std::move(element)), tokens(tokens), lineStart(lineStart) {}
  void format(const std::string &s, const srchilite::FormatterParams *params) override {
    if (s.empty()) return;
    size_t start = *lineStart + (params && params->start >= 0 ? params->start : 0);
    tokens->push_back({start, start + s.size(), &element});
  }
 private:
  std::string element;
  std::vector<Token> *tokens;
  size_t *lineStart;
};

int main(int argc, char **argv) {
  if (argc < 3) { std::cerr << "usage: driver DATADIR LANGFILE [ELEMENT...]\n"; return 2; }
  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  srchilite::RegexRuleFactory factory;
  srchilite::LangDefManager manager(&factory);
  srchilite::HighlightStatePtr state;
  try {
    state = manager.getHighlightState(argv[1], argv[2]);
  } catch (const srchilite::ParserException &e) {
    std::cerr << e << "\n";
    return 1;
  }
  auto t1 = clock::now();
  std::vector<Token> tokens;
  size_t lineStart = 0;
  srchilite::FormatterManager formatters(
      srchilite::FormatterPtr(new TokenFormatter("normal", &tokens, &lineStart)));
  for (int i = 3; i < argc; i++)
    formatters.addFormatter(argv[i], srchilite::FormatterPtr(new TokenFormatter(argv[i], &tokens, &lineStart)));
  double seconds = 0; size_t bytes = 0;
  std::string header;
  while (std::getline(std::cin, header)) {
    if (header.empty()) continue;
    size_t length = std::stoul(header);
    std::string block(length, '\0');
    std::cin.read(&block[0], length);
    auto b0 = clock::now();
    srchilite::SourceHighlighter highlighter(state);
    srchilite::FormatterParams params;
    highlighter.setFormatterManager(&formatters);
    highlighter.setFormatterParams(&params);
    highlighter.setOptimize(false);
    tokens.clear();
    size_t position = 0;
    while (position <= length) {
      size_t newline = block.find('\n', position);
      if (newline == std::string::npos) newline = length;
      lineStart = position;
      highlighter.highlightParagraph(block.substr(position, newline - position));
      position = newline + 1;
    }
    seconds += std::chrono::duration<double>(clock::now() - b0).count();
    bytes += length;
    for (auto &t : tokens) std::printf("%zu %zu %s\n", t.start, t.end, t.element->c_str());
    std::printf("#\n");
  }
  std::fprintf(stderr, "load_ms %.3f bytes %zu seconds %.6f\n",
               std::chrono::duration<double, std::milli>(t1 - t0).count(), bytes, seconds);
}
