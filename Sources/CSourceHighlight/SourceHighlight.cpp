#include <SourceHighlight.h>

#include <type_traits>

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <new>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/highlightrule.h>
#include <srchilite/highlightstate.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/parserexception.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/sourcehighlighter.h>

struct SourceHighlightLanguage {
  srchilite::HighlightStatePtr state;
  std::vector<std::string> elements;
};

namespace {

// Every element name reachable from a state: the formatters are registered by name, and an
// element without one would reach the default formatter nameless.
void collectElements(const srchilite::HighlightStatePtr &state,
                     std::set<const srchilite::HighlightState *> &seen,
                     std::set<std::string> &names) {
  if (!state || !seen.insert(state.get()).second) return;
  names.insert(state->getDefaultElement());
  for (const srchilite::HighlightRulePtr &rule : state->getRuleList()) {
    for (const std::string &element : rule->getElemList()) names.insert(element);
    collectElements(rule->getNextState(), seen, names);
  }
}

struct Sink {
  std::vector<SourceHighlightToken> tokens;
  uint32_t lineStart = 0;
};

class TokenFormatter : public srchilite::Formatter {
 public:
  TokenFormatter(uint32_t element, Sink *sink) : element(element), sink(sink) {}
  void format(const std::string &text, const srchilite::FormatterParams *params) override {
    if (text.empty()) return;
    uint32_t start = sink->lineStart + (params && params->start > 0 ? params->start : 0);
    sink->tokens.push_back({start, start + static_cast<uint32_t>(text.size()), element});
  }

 private:
  uint32_t element;
  Sink *sink;
};

double threadSeconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

void copyMessage(const std::string &message, char *error, size_t capacity) {
  if (!error || capacity == 0) return;
  size_t length = message.size() < capacity - 1 ? message.size() : capacity - 1;
  std::memcpy(error, message.data(), length);
  error[length] = '\0';
}

}  // namespace

extern "C" SourceHighlightLanguage *source_highlight_language_load(
    const char *directory, const char *file, char *error, size_t error_capacity) {
  try {
    srchilite::RegexRuleFactory factory;
    srchilite::LangDefManager manager(&factory);
    auto *language = new SourceHighlightLanguage;
    language->state = manager.getHighlightState(directory, file);
    std::set<const srchilite::HighlightState *> seen;
    std::set<std::string> names;
    collectElements(language->state, seen, names);
    names.erase("normal");
    language->elements.push_back("normal");
    language->elements.insert(language->elements.end(), names.begin(), names.end());
    return language;
  } catch (const srchilite::ParserException &exception) {
    std::ostringstream message;
    message << exception;
    copyMessage(message.str(), error, error_capacity);
  } catch (const std::exception &exception) {
    copyMessage(exception.what(), error, error_capacity);
  } catch (...) {
    copyMessage("source-highlight failed to read the definition", error, error_capacity);
  }
  return nullptr;
}

extern "C" void source_highlight_language_free(SourceHighlightLanguage *language) {
  delete language;
}

extern "C" size_t source_highlight_language_element_count(
    const SourceHighlightLanguage *language) {
  return language->elements.size();
}

extern "C" const char *source_highlight_language_element_name(
    const SourceHighlightLanguage *language, size_t index) {
  return language->elements[index].c_str();
}

extern "C" SourceHighlightStatus source_highlight_tokens(
    const SourceHighlightLanguage *language, const char *text, size_t length,
    size_t max_line_length, double budget_seconds, SourceHighlightToken **tokens,
    size_t *count) {
  *tokens = nullptr;
  *count = 0;
  if (length >= UINT32_MAX) return SourceHighlightStatusTooLarge;
  try {
    Sink sink;
    srchilite::FormatterManager formatters(
        srchilite::FormatterPtr(new TokenFormatter(0, &sink)));
    for (uint32_t index = 1; index < language->elements.size(); index++)
      formatters.addFormatter(language->elements[index],
                              srchilite::FormatterPtr(new TokenFormatter(index, &sink)));
    srchilite::SourceHighlighter highlighter(language->state);
    srchilite::FormatterParams params;
    highlighter.setFormatterManager(&formatters);
    highlighter.setFormatterParams(&params);
    // Unoptimised, each run is formatted as it is matched, so params.start is its own.
    highlighter.setOptimize(false);
    double deadline = threadSeconds() + budget_seconds;
    std::string line;
    size_t position = 0;
    while (position < length) {
      const void *newline = std::memchr(text + position, '\n', length - position);
      size_t end = newline ? static_cast<const char *>(newline) - text : length;
      if (end - position > max_line_length) return SourceHighlightStatusLineTooLong;
      line.assign(text + position, end - position);
      sink.lineStart = static_cast<uint32_t>(position);
      highlighter.highlightParagraph(line);
      if (threadSeconds() > deadline) return SourceHighlightStatusOverBudget;
      position = end + 1;
    }
    auto *array = static_cast<SourceHighlightToken *>(
        std::malloc(sizeof(SourceHighlightToken) * (sink.tokens.empty() ? 1 : sink.tokens.size())));
    if (!array) return SourceHighlightStatusFailed;
    std::memcpy(array, sink.tokens.data(), sizeof(SourceHighlightToken) * sink.tokens.size());
    *tokens = array;
    *count = sink.tokens.size();
    return SourceHighlightStatusOK;
  } catch (...) {
    return SourceHighlightStatusFailed;
  }
}

extern "C" void source_highlight_tokens_free(SourceHighlightToken *tokens) { std::free(tokens); }

// RenderHighlight calls these through the header's pointer types, found by name with dlsym.
static_assert(std::is_same_v<decltype(&source_highlight_language_load), SourceHighlightLanguageLoad>);
static_assert(std::is_same_v<decltype(&source_highlight_language_free), SourceHighlightLanguageFree>);
static_assert(std::is_same_v<decltype(&source_highlight_language_element_count),
                             SourceHighlightLanguageElementCount>);
static_assert(std::is_same_v<decltype(&source_highlight_language_element_name),
                             SourceHighlightLanguageElementName>);
static_assert(std::is_same_v<decltype(&source_highlight_tokens), SourceHighlightTokens>);
static_assert(std::is_same_v<decltype(&source_highlight_tokens_free), SourceHighlightTokensFree>);
