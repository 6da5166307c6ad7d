// Evaluation driver for scripts/highlight-quality.py: a tree-sitter grammar and its
// highlights.scm query, read as tree-sitter-highlight reads them (for one node the first
// pattern wins, an inner node's capture wins over its parent's; #match?/#eq? evaluated).
// Reads blocks from stdin ("<byte count>\n<bytes>"), writes "<start> <end> <capture>" lines
// and "#" after each block; timings to stderr.
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_LANG(void);

static double now(void) {
  struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *length) {
  FILE *f = fopen(path, "rb"); if (!f) { perror(path); exit(2); }
  fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
  char *b = malloc(n + 1); fread(b, 1, n, f); b[n] = 0; fclose(f); *length = n; return b;
}

typedef struct { regex_t *regexes; } PatternRegex;

// Whether a match passes its pattern's #match?/#eq? predicates (others are ignored).
static int passes(const TSQuery *q, const TSQueryMatch *m, const char *src, regex_t **cache) {
  uint32_t n; const TSQueryPredicateStep *steps = ts_query_predicates_for_pattern(q, m->pattern_index, &n);
  for (uint32_t i = 0; i < n;) {
    uint32_t len; const char *op = ts_query_string_value_for_id(q, steps[i].value_id, &len);
    uint32_t j = i; while (steps[j].type != TSQueryPredicateStepTypeDone) j++;
    int negate = strncmp(op, "not-", 4) == 0; const char *name = negate ? op + 4 : op;
    if ((!strcmp(name, "match?") || !strcmp(name, "eq?")) && j - i == 3 &&
        steps[i + 1].type == TSQueryPredicateStepTypeCapture) {
      TSNode node = {0}; int found = 0;
      for (uint16_t c = 0; c < m->capture_count; c++)
        if (m->captures[c].index == steps[i + 1].value_id) { node = m->captures[c].node; found = 1; }
      if (found) {
        uint32_t s = ts_node_start_byte(node), e = ts_node_end_byte(node);
        char *text = strndup(src + s, e - s); int ok;
        if (steps[i + 2].type == TSQueryPredicateStepTypeString) {
          const char *arg = ts_query_string_value_for_id(q, steps[i + 2].value_id, &len);
          if (!strcmp(name, "eq?")) ok = strcmp(text, arg) == 0;
          else {
            regex_t **r = &cache[steps[i + 2].value_id];
            if (!*r) { *r = malloc(sizeof(regex_t)); regcomp(*r, arg, REG_EXTENDED | REG_NOSUB); }
            ok = regexec(*r, text, 0, NULL, 0) == 0;
          }
        } else ok = 1;
        free(text);
        if (ok == negate) return 0;
      }
    }
    i = j + 1;
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: driver HIGHLIGHTS.SCM\n"); return 2; }
  double t0 = now();
  size_t qlen; char *qsrc = slurp(argv[1], &qlen);
  uint32_t eoff; TSQueryError err;
  TSQuery *query = ts_query_new(tree_sitter_LANG(), qsrc, qlen, &eoff, &err);
  if (!query) { fprintf(stderr, "query error %d at %u\n", err, eoff); return 2; }
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_LANG());
  regex_t **cache = calloc(ts_query_string_count(query), sizeof(regex_t *));
  double t1 = now(), seconds = 0; size_t bytes = 0;
  char header[64];
  while (fgets(header, sizeof header, stdin)) {
    size_t length = strtoul(header, NULL, 10);
    char *block = malloc(length + 1); fread(block, 1, length, stdin); block[length] = 0;
    int32_t *capture = malloc(sizeof(int32_t) * (length + 1));
    uint32_t *span = malloc(sizeof(uint32_t) * (length + 1));
    double b0 = now();
    for (size_t i = 0; i < length; i++) { capture[i] = -1; span[i] = UINT32_MAX; }
    TSTree *tree = ts_parser_parse_string(parser, NULL, block, length);
    TSQueryCursor *cursor = ts_query_cursor_new();
    ts_query_cursor_exec(cursor, query, ts_tree_root_node(tree));
    TSQueryMatch match; uint32_t ci;
    while (ts_query_cursor_next_capture(cursor, &match, &ci)) {
      if (!passes(query, &match, block, cache)) continue;
      TSQueryCapture c = match.captures[ci];
      uint32_t s = ts_node_start_byte(c.node), e = ts_node_end_byte(c.node);
      for (uint32_t i = s; i < e && i < length; i++)
        if (e - s < span[i]) { span[i] = e - s; capture[i] = c.index; }
    }
    ts_query_cursor_delete(cursor); ts_tree_delete(tree);
    seconds += now() - b0; bytes += length;
    for (size_t i = 0; i < length;) {
      size_t j = i; while (j < length && capture[j] == capture[i]) j++;
      if (capture[i] >= 0) {
        uint32_t n; const char *name = ts_query_capture_name_for_id(query, capture[i], &n);
        printf("%zu %zu %.*s\n", i, j, (int)n, name);
      }
      i = j;
    }
    printf("#\n");
    free(block); free(capture); free(span);
  }
  fprintf(stderr, "load_ms %.3f bytes %zu seconds %.6f\n", (t1 - t0) * 1000, bytes, seconds);
  return 0;
}
