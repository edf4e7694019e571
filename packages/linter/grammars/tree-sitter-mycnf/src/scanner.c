/*
 * External scanner for tree-sitter-mycnf: option names, '=' and option values.
 *
 * It reproduces two steps of MariaDB's mysys/my_default.c (search_default_file_with_ext):
 *  - remove_end_comment(): a '#' ends the line unless it is inside '...' or "..." quotes; inside
 *    quotes a backslash protects the next character from closing the quote. The quote state
 *    starts at the first non-blank character and runs across the name, the '=' and the value.
 *  - strchr(ptr, '='): the first '=' before that comment splits name from value, whether or not
 *    it is inside quotes.
 * Tokens exclude leading and trailing blanks (the reader trims them with my_isspace()).
 * The only state is the quote character open at the '=' (0 if none), handed from the name token
 * to the '=' token to the value token.
 */
#include "tree_sitter/parser.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

enum TokenType { OPTION_NAME, EQUALS, OPTION_VALUE, GROUP_NAME, ERROR_SENTINEL };

typedef struct {
  uint8_t quote;
} Scanner;

static bool is_blank(int32_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }
static void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

/* One step of remove_end_comment(); returns true when c starts a comment. */
static bool comment_step(int32_t c, uint8_t *quote, bool *escape) {
  if ((c == '\'' || c == '"') && !*escape) {
    if (!*quote) *quote = (uint8_t)c;
    else if (*quote == c) *quote = 0;
  }
  if (!*quote && c == '#') return true;
  *escape = *quote && c == '\\' && !*escape;
  return false;
}

void *tree_sitter_mycnf_external_scanner_create(void) { return calloc(1, sizeof(Scanner)); }

void tree_sitter_mycnf_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_mycnf_external_scanner_serialize(void *payload, char *buffer) {
  buffer[0] = (char)((Scanner *)payload)->quote;
  return 1;
}

void tree_sitter_mycnf_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  ((Scanner *)payload)->quote = length > 0 ? (uint8_t)buffer[0] : 0;
}

bool tree_sitter_mycnf_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = (Scanner *)payload;
  if (valid_symbols[ERROR_SENTINEL]) return false; /* error recovery: let the internal lexer work */

  if (valid_symbols[GROUP_NAME]) {
    /* After '[': up to the first ']' on the line, leading blanks kept, trailing blanks not. */
    bool any = false;
    while (!lexer->eof(lexer) && lexer->lookahead != ']' && lexer->lookahead != '\n') {
      bool blank = is_blank(lexer->lookahead);
      advance(lexer);
      if (!blank) {
        lexer->mark_end(lexer);
        any = true;
      }
    }
    if (!any) return false;
    lexer->result_symbol = GROUP_NAME;
    return true;
  }

  if (valid_symbols[OPTION_VALUE]) {
    uint8_t quote = scanner->quote;
    bool escape = false, any = false;
    scanner->quote = 0;
    while (is_blank(lexer->lookahead)) skip(lexer);
    while (!lexer->eof(lexer) && lexer->lookahead != '\n') {
      int32_t c = lexer->lookahead;
      if (comment_step(c, &quote, &escape)) break;
      advance(lexer);
      if (!is_blank(c)) {
        lexer->mark_end(lexer);
        any = true;
      }
    }
    if (!any) return false;
    lexer->result_symbol = OPTION_VALUE;
    return true;
  }

  if (valid_symbols[OPTION_NAME] || valid_symbols[EQUALS]) {
    while (is_blank(lexer->lookahead)) skip(lexer);
    if (lexer->eof(lexer)) return false;
    int32_t first = lexer->lookahead;

    if (first == '=' && valid_symbols[EQUALS]) {
      /* A '=' that opens the line (empty name) starts with no quote open. */
      if (valid_symbols[OPTION_NAME]) scanner->quote = 0;
      advance(lexer);
      lexer->mark_end(lexer);
      lexer->result_symbol = EQUALS;
      return true;
    }

    if (!valid_symbols[OPTION_NAME]) return false;
    if (first == '\n' || first == '#' || first == ';' || first == '[' || first == '!' || first == '=')
      return false;

    uint8_t quote = 0;
    bool escape = false;
    while (!lexer->eof(lexer) && lexer->lookahead != '\n' && lexer->lookahead != '=') {
      int32_t c = lexer->lookahead;
      if (comment_step(c, &quote, &escape)) break;
      advance(lexer);
      if (!is_blank(c)) lexer->mark_end(lexer);
    }
    scanner->quote = quote;
    lexer->result_symbol = OPTION_NAME;
    return true;
  }

  return false;
}
