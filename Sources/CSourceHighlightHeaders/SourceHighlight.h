// GNU source-highlight (a C++ library) behind plain C: RenderHighlight's only way to it.
// Nothing here includes a C++ header, so Swift imports this module without C++ interoperation.
//
// The shim (Sources/CSourceHighlight) is built as a shared object of its own,
// libSourceHighlightShim.so (the SourceHighlightShim build plugin), and loaded on the first
// code block that needs it, never linked: linked, libsource-highlight brings boost_regex and
// ICU into every start of `render` and its worker. So C and Swift see each entry point as a
// function-pointer type, resolved with dlsym under the name in its comment; only the shim,
// compiled as C++, sees the prototypes it defines, and a definition that strays from its type
// fails to compile there.
#ifndef SOURCE_HIGHLIGHT_SHIM_H
#define SOURCE_HIGHLIGHT_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// The shim's file name, in RenderHighlight's resources (the SourceHighlightShim plugin).
#define SOURCE_HIGHLIGHT_SHIM_FILE "libSourceHighlightShim.so"

#ifdef __cplusplus
extern "C" {
#endif

/// A language definition read from its .lang file, with the element names its rules use.
typedef struct SourceHighlightLanguage SourceHighlightLanguage;

/// One run of text a rule matched: bytes [start, end) of the input, `element` an index into
/// the language's element names (0 is "normal": no rule matched). Lines' newlines and text
/// between runs belong to no token.
typedef struct {
  uint32_t start;
  uint32_t end;
  uint32_t element;
} SourceHighlightToken;

typedef enum {
  SourceHighlightStatusOK = 0,
  /// A line is longer than the limit: the library's time grows faster than a line's length.
  SourceHighlightStatusLineTooLong = 1,
  /// The thread spent more processor time than the budget.
  SourceHighlightStatusOverBudget = 2,
  /// The library threw, or memory ran out.
  SourceHighlightStatusFailed = 3,
  /// The input is larger than a token offset can hold.
  SourceHighlightStatusTooLarge = 4,
} SourceHighlightStatus;

/// Reads `file` from `directory`; the definitions it includes are looked up there. Returns NULL
/// on failure, with a NUL-terminated message in `error` (at most `error_capacity` bytes).
/// Not reentrant: the library's definition parser has process-wide state.
/// Resolved as "source_highlight_language_load".
typedef SourceHighlightLanguage *(*SourceHighlightLanguageLoad)(
    const char *directory, const char *file, char *error, size_t error_capacity);

/// Frees a language from source_highlight_language_load.
/// Resolved as "source_highlight_language_free".
typedef void (*SourceHighlightLanguageFree)(SourceHighlightLanguage *language);

/// How many element names the language's rules use (index 0 is "normal").
/// Resolved as "source_highlight_language_element_count".
typedef size_t (*SourceHighlightLanguageElementCount)(const SourceHighlightLanguage *language);

/// The element name at `index` (below the count), owned by the language.
/// Resolved as "source_highlight_language_element_name".
typedef const char *(*SourceHighlightLanguageElementName)(
    const SourceHighlightLanguage *language, size_t index);

/// Splits `text` (`length` bytes) into the runs the language's rules match, line by line.
/// Stops with LineTooLong before a line longer than `max_line_length` bytes, and with
/// OverBudget once the calling thread has used `budget_seconds` of processor time. On OK,
/// `*tokens` is an array of `*count` tokens in order, freed with source_highlight_tokens_free;
/// otherwise `*tokens` is NULL.
/// Resolved as "source_highlight_tokens".
typedef SourceHighlightStatus (*SourceHighlightTokens)(
    const SourceHighlightLanguage *language, const char *text, size_t length,
    size_t max_line_length, double budget_seconds, SourceHighlightToken **tokens,
    size_t *count);

/// Frees the tokens of source_highlight_tokens.
/// Resolved as "source_highlight_tokens_free".
typedef void (*SourceHighlightTokensFree)(SourceHighlightToken *tokens);

#ifdef __cplusplus
// The shim's definitions, checked against the types above (SourceHighlight.cpp).
SourceHighlightLanguage *source_highlight_language_load(
    const char *directory, const char *file, char *error, size_t error_capacity);
void source_highlight_language_free(SourceHighlightLanguage *language);
size_t source_highlight_language_element_count(const SourceHighlightLanguage *language);
const char *source_highlight_language_element_name(
    const SourceHighlightLanguage *language, size_t index);
SourceHighlightStatus source_highlight_tokens(
    const SourceHighlightLanguage *language, const char *text, size_t length,
    size_t max_line_length, double budget_seconds, SourceHighlightToken **tokens,
    size_t *count);
void source_highlight_tokens_free(SourceHighlightToken *tokens);
#endif

#ifdef __cplusplus
}
#endif

#endif
