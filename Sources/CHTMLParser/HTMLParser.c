#include "CHTMLParser.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "EventBuffer.h"
#include "HTMLRepair.h"
#include "LibXML2Loader.h"
#include "MarkupBudget.h"
#include "MarkupRepair.h"
#include "NameTable.h"

/*
 * Options for both the SAX parse and the tree baseline. No HTML_PARSE_NOBLANKS: whitespace is
 * text. HTML_PARSE_IGNORE_ENC because the input is always UTF-8 by now: a `<meta charset>` in
 * it must not make libxml2 re-decode it.
 */
static const int parse_options = CHP_HTML_PARSE_NONET | CHP_HTML_PARSE_RECOVER |
                                 CHP_HTML_PARSE_NOERROR | CHP_HTML_PARSE_NOWARNING |
                                 CHP_HTML_PARSE_IGNORE_ENC;

/* Everything one parse owns; lives on chp_parse's stack. */
typedef struct parse_state {
  chp_xml_parser_context *context;
  chp_events *events;
  chp_name_table names;
  chp_limits limits;
  uint64_t depth;
  uint64_t nodes;
  size_t open_text_length_offset; /* SIZE_MAX unless the last event is text */
  uint32_t open_text_length;
} parse_state;

static void stop(parse_state *state, int32_t status, uint64_t value) {
  if (state->events->status != CHP_STATUS_OK) return;
  state->events->status = status;
  state->events->limit_value = value;
  chp_libxml2.xmlStopParser(state->context);
}

static void out_of_memory(parse_state *state) { stop(state, CHP_STATUS_OUT_OF_MEMORY, 0); }

static int count_node(parse_state *state) {
  state->nodes += 1;
  if (state->nodes > state->limits.maximum_nodes) {
    stop(state, CHP_STATUS_NODES_EXCEEDED, state->nodes);
    return -1;
  }
  return 0;
}

static int append_name(parse_state *state, const chp_xml_char *name) {
  int64_t id = chp_name_table_intern(&state->names, state->events, (const char *)name);
  if (id < 0 || chp_buffer_append_u32(state->events, (uint32_t)id) != 0) return -1;
  return 0;
}

/* Writes the 'S' event; returns -1 when out of memory. */
static int append_start(parse_state *state, const chp_xml_char *name, const chp_xml_char **attributes) {
  chp_events *events = state->events;
  /* Names first: interning may write 'N' events, which must precede this 'S'. */
  uint32_t count = 0;
  for (; attributes != NULL && attributes[2 * count] != NULL; count++) {
    if (chp_name_table_intern(&state->names, events, (const char *)attributes[2 * count]) < 0) {
      return -1;
    }
  }
  int64_t id = chp_name_table_intern(&state->names, events, (const char *)name);
  if (id < 0 || chp_buffer_append_byte(events, CHP_EVENT_START) != 0 ||
      chp_buffer_append_u32(events, (uint32_t)id) != 0 ||
      chp_buffer_append_u32(events, count) != 0) {
    return -1;
  }
  for (uint32_t index = 0; index < count; index++) {
    const chp_xml_char *value = attributes[2 * index + 1];
    size_t length = value == NULL ? 0 : strlen((const char *)value);
    if (length > UINT32_MAX || append_name(state, attributes[2 * index]) != 0 ||
        chp_buffer_append_u32(events, (uint32_t)length) != 0 ||
        chp_buffer_append_bytes(events, value, length) != 0) {
      return -1;
    }
  }
  return 0;
}

static void start_element(void *user_data, const chp_xml_char *name, const chp_xml_char **attributes) {
  parse_state *state = user_data;
  if (state->events->status != CHP_STATUS_OK) return;
  state->open_text_length_offset = SIZE_MAX;
  state->depth += 1;
  if (state->depth > state->limits.maximum_depth) {
    stop(state, CHP_STATUS_DEPTH_EXCEEDED, state->depth);
    return;
  }
  if (count_node(state) != 0) return;
  if (append_start(state, name, attributes) != 0) out_of_memory(state);
}

static void end_element(void *user_data, const chp_xml_char *name) {
  parse_state *state = user_data;
  if (state->events->status != CHP_STATUS_OK) return;
  state->open_text_length_offset = SIZE_MAX;
  if (state->depth > 0) state->depth -= 1;
  /* Intern before writing 'E': a new name writes an 'N' event, which must not split this one. */
  int64_t id = chp_name_table_intern(&state->names, state->events, (const char *)name);
  if (id < 0 || chp_buffer_append_byte(state->events, CHP_EVENT_END) != 0 ||
      chp_buffer_append_u32(state->events, (uint32_t)id) != 0) {
    out_of_memory(state);
  }
}

/* Writes text, extending the previous 'T' event when text was the last event (comments emit
 * nothing, so text around a comment becomes one node, as in the Document). Returns -1 when out
 * of memory, 1 when the node limit stopped the parse. */
static int append_text(parse_state *state, const chp_xml_char *text, size_t length) {
  chp_events *events = state->events;
  if (state->open_text_length_offset != SIZE_MAX &&
      (uint64_t)state->open_text_length + length <= UINT32_MAX) {
    if (chp_buffer_append_bytes(events, text, length) != 0) return -1;
    state->open_text_length += (uint32_t)length;
    chp_buffer_patch_u32(events, state->open_text_length_offset, state->open_text_length);
    return 0;
  }
  if (count_node(state) != 0) return 1;
  if (chp_buffer_append_byte(events, CHP_EVENT_TEXT) != 0) return -1;
  size_t length_offset = events->length;
  if (chp_buffer_append_u32(events, (uint32_t)length) != 0 ||
      chp_buffer_append_bytes(events, text, length) != 0) {
    return -1;
  }
  state->open_text_length_offset = length_offset;
  state->open_text_length = (uint32_t)length;
  return 0;
}

/* Characters, whitespace and script/style CDATA all arrive here: all of it is text. */
static void characters(void *user_data, const chp_xml_char *text, int length) {
  parse_state *state = user_data;
  if (state->events->status != CHP_STATUS_OK || length <= 0) return;
  if (append_text(state, text, (size_t)length) < 0) out_of_memory(state);
}

/* The per-context sink for libxml2's diagnostics: recovery is the point, so they are dropped. */
static void ignore_error(void *user_data, void *error) {
  (void)user_data;
  (void)error;
}

static void parse_valid_utf8(const uint8_t *html, size_t length, parse_state *state) {
  chp_xml_parser_context *context = chp_libxml2.htmlNewParserCtxt();
  if (context == NULL) {
    state->events->status = CHP_STATUS_PARSER_FAILED;
    return;
  }
  /* The context's handler is its own heap copy: filling it in touches no process-wide state. */
  memset(context->sax, 0, sizeof *context->sax);
  context->sax->start_element = start_element;
  context->sax->end_element = end_element;
  context->sax->characters = characters;
  context->sax->ignorable_whitespace = characters;
  context->sax->cdata_block = characters;
  context->sax->structured_error = ignore_error;
  context->sax->initialized = CHP_XML_SAX2_MAGIC;
  /* What the callbacks receive, as libxml2's own SAX entry points set it. */
  context->user_data = state;
  state->context = context;
  /* Pull mode, not push: libxml2 2.9.14's push parser drops text after `</html>` and, when fed
   * in chunks, misreads a `</script>` split across chunks. SAX (not tree) mode keeps text at any
   * depth; libxml2's tree builder stops at depth 256. */
  chp_xml_node *document =
      chp_libxml2.htmlCtxtReadMemory(context, (const char *)html, (int)length, NULL, "UTF-8",
                                     parse_options);
  if (document != NULL) chp_libxml2.xmlFreeDoc(document);
  chp_libxml2.htmlFreeParserCtxt(context);
}

void chp_parse(const uint8_t *html, size_t length, int valid_utf8, chp_limits limits,
               chp_events *events) {
  events->status = CHP_STATUS_OK;
  if (length == 0) return;
  if (chp_load_libxml2() != 0) {
    events->status = CHP_STATUS_LIBRARY_UNAVAILABLE;
    return;
  }
  uint8_t *repaired = NULL;
  size_t repaired_length = 0;
  int repair = chp_repair(html, length, valid_utf8, &repaired, &repaired_length);
  if (repair < 0) {
    events->status = CHP_STATUS_OUT_OF_MEMORY;
    return;
  }
  const uint8_t *input = repair == 0 ? html : repaired;
  size_t input_length = repair == 0 ? length : repaired_length;
  uint8_t *closed = NULL;
  size_t closed_length = 0;
  int close = chp_repair_markup(input, input_length, &closed, &closed_length);
  if (close < 0) {
    free(repaired);
    events->status = CHP_STATUS_OUT_OF_MEMORY;
    return;
  }
  if (close > 0) {
    input = closed;
    input_length = closed_length;
  }
  events->input_length = input_length;
  int32_t budget = chp_check_markup_budgets(input, input_length, limits.maximum_attributes,
                                            limits.maximum_unmatched_end_tags,
                                            &events->limit_value);
  if (budget != 0) {
    events->status = budget;
  } else if (input_length > INT_MAX) {
    events->status = CHP_STATUS_INPUT_TOO_LARGE;
  } else if (chp_buffer_reserve(events, input_length + input_length / 4 + 64) != 0) {
    events->status = CHP_STATUS_OUT_OF_MEMORY;
  } else {
    parse_state state = {.events = events, .limits = limits, .open_text_length_offset = SIZE_MAX};
    parse_valid_utf8(input, input_length, &state);
    events->node_count = state.nodes;
    chp_name_table_free(&state.names);
  }
  free(closed);
  free(repaired);
}

size_t chp_benchmark_tree_parse(const uint8_t *html, size_t length) {
  if (length == 0 || length > INT_MAX || chp_load_libxml2() != 0) return 0;
  chp_xml_node *document =
      chp_libxml2.htmlReadMemory((const char *)html, (int)length, NULL, "UTF-8", parse_options);
  if (document == NULL) return 0;
  size_t count = 0;
  for (chp_xml_node *node = document->children; node != NULL; node = node->next) count++;
  chp_libxml2.xmlFreeDoc(document);
  return count;
}
