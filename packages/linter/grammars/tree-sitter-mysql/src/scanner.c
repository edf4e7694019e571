/*
 * External scanner for tree-sitter-mysql.
 *
 * It owns the three things a context-free lexer cannot do:
 *
 *  1. Comments, with the server's rules (sql/sql_lex.cc, consume_comment):
 *     - "#" and "-- " (two dashes then whitespace, a control character or end of input) run to the
 *       end of the line;
 *     - a plain C comment ends at the first star-slash (no nesting);
 *     - a versioned comment (slash-star-bang or MariaDB's slash-star-M-bang) may hold one level of
 *       nested C comment. In a raw parse every versioned comment is a comment. The facts layer
 *       (src/sql/versioned.ts) first rewrites the text for a target server, keeping every offset:
 *       an executed comment loses only its markers, an ignored one becomes blanks, exactly as the
 *       server's lexer sees them. So the grammar never needs to know a version.
 *
 *  2. The statement terminator of the mysql client. It is ";" until a "DELIMITER xx" (or "\d xx")
 *     command sets another; "\g" and "\G" also end a statement. The current delimiter is the scanner
 *     state, serialized with every external token so incremental parses stay correct.
 *
 *  3. The DELIMITER command itself: recognised where a statement may start, it covers the rest of
 *     its line (the client takes the first word, or a quoted string, as the new delimiter). Other
 *     client line commands (`source f.sql`, `\. f.sql`, `use db` without a delimiter...) are
 *     CLIENT_COMMAND tokens: the server never sees them.
 *
 *  4. The client finds the delimiter anywhere outside strings and comments, even inside a word:
 *     with `DELIMITER $$`, `END$$` is `END` then the delimiter. When the delimiter has word
 *     characters, a word that runs into it is returned as WORD_BEFORE_DELIMITER (an identifier to
 *     the grammar), so the delimiter starts a token of its own.
 */
#include "tree_sitter/parser.h"
#include "tree_sitter/alloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType {
  TERMINATOR,
  DELIMITER_STATEMENT,
  CLIENT_COMMAND,
  COMMENT,
  WORD_BEFORE_DELIMITER,
  ERROR_SENTINEL,
};

/* The client keeps the delimiter in a 16-byte buffer (15 characters and a NUL). */
#define MAX_DELIMITER 15

typedef struct {
  uint8_t length;
  int32_t chars[MAX_DELIMITER];
} Scanner;

/* Characters of an unquoted identifier (sql_lex.cc ident_map, for UTF-8 clients). */
static inline bool is_word_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

static bool has_word_char(const Scanner *s) {
  for (unsigned i = 0; i < s->length; i++)
    if (is_word_char(s->chars[i])) return true;
  return false;
}

static void reset(Scanner *s) {
  s->length = 1;
  s->chars[0] = ';';
}

void *tree_sitter_mysql_external_scanner_create(void) {
  Scanner *s = ts_calloc(1, sizeof(Scanner));
  reset(s);
  return s;
}

void tree_sitter_mysql_external_scanner_destroy(void *payload) { ts_free(payload); }

unsigned tree_sitter_mysql_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *s = payload;
  buffer[0] = (char)s->length;
  memcpy(buffer + 1, s->chars, s->length * sizeof(int32_t));
  return 1 + s->length * sizeof(int32_t);
}

void tree_sitter_mysql_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *s = payload;
  reset(s);
  if (length == 0) return;
  uint8_t n = (uint8_t)buffer[0];
  if (n == 0 || n > MAX_DELIMITER || length < 1 + n * sizeof(int32_t)) return;
  s->length = n;
  memcpy(s->chars, buffer + 1, n * sizeof(int32_t));
}

static inline void advance(TSLexer *lexer) { lexer->advance(lexer, false); }
static inline void skip(TSLexer *lexer) { lexer->advance(lexer, true); }
static inline int32_t lower(int32_t c) { return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c; }
static inline bool is_space(int32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
static inline bool is_blank(int32_t c) { return c == ' ' || c == '\t'; }
static inline bool is_line_end(TSLexer *lexer) {
  return lexer->eof(lexer) || lexer->lookahead == '\n' || lexer->lookahead == '\r';
}

static bool finish(TSLexer *lexer, enum TokenType type) {
  lexer->mark_end(lexer);
  lexer->result_symbol = type;
  return true;
}

/*
 * After mark_end: whether "delimiter " (one space) follows, as mysql.cc's add_line() matches the
 * command. Then the token, ending where mark_end left it, terminates the statement before it.
 */
static bool terminator_before_delimiter_command(TSLexer *lexer) {
  static const char command[] = "delimiter ";
  for (unsigned i = 0; command[i]; i++) {
    if (lexer->eof(lexer) || lower(lexer->lookahead) != command[i]) return false;
    advance(lexer);
  }
  lexer->result_symbol = TERMINATOR;
  return true;
}

static bool line_comment(TSLexer *lexer) {
  while (!lexer->eof(lexer) && lexer->lookahead != '\n') advance(lexer);
  return finish(lexer, COMMENT);
}

/* The server's consume_comment(): with nesting > 0 a slash-star opens one more level. */
static void consume_comment(TSLexer *lexer, int nesting) {
  while (!lexer->eof(lexer)) {
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (nesting > 0 && c == '/' && lexer->lookahead == '*') {
      advance(lexer);
      consume_comment(lexer, nesting - 1);
      continue;
    }
    if (c == '*' && lexer->lookahead == '/') {
      advance(lexer);
      return;
    }
  }
}

/* Called after the opening slash-star. An unterminated comment runs to the end of input. */
static bool block_comment(TSLexer *lexer) {
  int nesting = 0;
  if (lexer->lookahead == '!') {
    nesting = 1;
  } else if (lexer->lookahead == 'M') {
    advance(lexer);
    if (lexer->lookahead == '!') nesting = 1;
  }
  consume_comment(lexer, nesting);
  return finish(lexer, COMMENT);
}

/* Matches the rest of the delimiter, from index `from`, case-insensitively as the client does. */
static bool terminator(Scanner *s, TSLexer *lexer, unsigned from) {
  for (unsigned i = from; i < s->length; i++) {
    if (lexer->eof(lexer) || lower(lexer->lookahead) != lower(s->chars[i])) return false;
    advance(lexer);
  }
  return finish(lexer, TERMINATOR);
}

/*
 * After "DELIMITER" or "\d": the argument, as mysql.cc get_arg() reads it. The token always covers
 * the whole line; the delimiter changes only when the argument is usable.
 */
static bool delimiter_argument(Scanner *s, TSLexer *lexer) {
  while (is_blank(lexer->lookahead)) advance(lexer);
  int32_t quote = 0;
  if (lexer->lookahead == '\'' || lexer->lookahead == '"' || lexer->lookahead == '`') {
    quote = lexer->lookahead;
    advance(lexer);
  }
  int32_t chars[MAX_DELIMITER];
  unsigned n = 0;
  bool usable = true;
  while (!is_line_end(lexer)) {
    int32_t c = lexer->lookahead;
    if (quote ? c == quote : is_blank(c)) break;
    if (c == '\\') usable = false;
    if (n < MAX_DELIMITER) chars[n++] = c;
    advance(lexer);
  }
  while (!is_line_end(lexer)) advance(lexer);
  if (usable && n > 0) {
    s->length = (uint8_t)n;
    memcpy(s->chars, chars, n * sizeof(int32_t));
  }
  return finish(lexer, DELIMITER_STATEMENT);
}

/*
 * Client commands of mysql.cc that take a whole line. At a statement start, a line whose first
 * word is one of them, and that does not contain the delimiter, is a command for the client and
 * never reaches the server (find_command). DELIMITER is handled apart: it changes the scanner state.
 */
static const char *const CLIENT_COMMANDS[] = {
  "charset", "clear", "connect", "edit", "ego", "exit", "go", "nopager", "notee", "nowarning",
  "pager", "print", "prompt", "quit", "rehash", "source", "status", "system", "tee", "use",
  "warnings", NULL,
};

static bool is_client_command(const char *word) {
  for (unsigned i = 0; CLIENT_COMMANDS[i]; i++)
    if (strcmp(word, CLIENT_COMMANDS[i]) == 0) return true;
  return false;
}

/* The rest of a client command line, unless the delimiter occurs in it. */
static bool client_command_line(Scanner *s, TSLexer *lexer) {
  unsigned state = 0;
  while (!is_line_end(lexer)) {
    int32_t c = lower(lexer->lookahead);
    if (c == lower(s->chars[state])) {
      if (++state == s->length) return false;
    } else {
      state = c == lower(s->chars[0]) ? 1 : 0;
    }
    advance(lexer);
  }
  return finish(lexer, CLIENT_COMMAND);
}

/*
 * At a word character. Several things can start here, all found in one pass since a scanner
 * cannot step back:
 *  - a client command (when `command_ok`, at a statement start): DELIMITER (an argument is
 *    optional: without one the client reports an error and keeps the delimiter), or another
 *    line command from CLIENT_COMMANDS;
 *  - the delimiter itself, when it starts with a word character;
 *  - a word that runs into the delimiter (when `split`): the token ends where the delimiter starts.
 * Anything else returns false and the grammar's own lexer reads the word.
 */
static bool scan_word(Scanner *s, TSLexer *lexer, bool command_ok, bool split) {
  char word[16];
  unsigned pos = 0, state = 0;
  bool command = command_ok;
  for (;;) {
    bool at_end = lexer->eof(lexer);
    int32_t c = at_end ? 0 : lexer->lookahead;
    if (state == 0 && pos > 0) lexer->mark_end(lexer);
    if (!at_end && lower(c) == lower(s->chars[state])) {
      state++;
    } else if (state > 0) {
      state = 0;
      if (pos > 0) lexer->mark_end(lexer);
      if (!at_end && lower(c) == lower(s->chars[0])) state = 1;
    }
    if (state == 0 && (at_end || !is_word_char(c))) {
      /* The word ended without meeting the delimiter. */
      if (!command || pos >= sizeof(word) || !(at_end || is_blank(c) || is_line_end(lexer))) return false;
      word[pos] = 0;
      if (strcmp(word, "delimiter") == 0) return delimiter_argument(s, lexer);
      if (is_client_command(word)) return client_command_line(s, lexer);
      return false;
    }
    if (state == 0 && !command && !split) return false;
    if (command) {
      if (pos < sizeof(word) - 1 && c < 0x80) word[pos] = (char)lower(c);
      else command = false;
    }
    advance(lexer);
    pos++;
    if (state == s->length) {
      if (pos == state) {
        /* The word is the delimiter; at a statement start "delimiter" is still the command. */
        if (command && pos == 9 && strncmp(word, "delimiter", 9) == 0 &&
            (is_blank(lexer->lookahead) || is_line_end(lexer))) {
          return delimiter_argument(s, lexer);
        }
        return finish(lexer, TERMINATOR);
      }
      if (!split) return false;
      lexer->result_symbol = WORD_BEFORE_DELIMITER;
      return true;
    }
  }
}

bool tree_sitter_mysql_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *s = payload;
  bool recovering = valid_symbols[ERROR_SENTINEL];
  bool line_start = recovering ? lexer->get_column(lexer) == 0 : false;

  while (is_space(lexer->lookahead)) {
    if (lexer->lookahead == '\n') line_start = true;
    skip(lexer);
  }
  if (lexer->eof(lexer)) return false;

  int32_t c = lexer->lookahead;
  int32_t first = s->chars[0];
  /* While recovering from an error every token is "valid": only trust DELIMITER at a line start. */
  bool command_ok = valid_symbols[DELIMITER_STATEMENT] && (!recovering || line_start);

  if (c == '#' && first != '#') {
    return line_comment(lexer);
  }
  if (c == '-' && first != '-') {
    advance(lexer);
    if (lexer->lookahead != '-') return false;
    advance(lexer);
    if (lexer->eof(lexer) || lexer->lookahead <= ' ') return line_comment(lexer);
    return false;
  }
  if (c == '/') {
    advance(lexer);
    if (lexer->lookahead == '*') {
      advance(lexer);
      return block_comment(lexer);
    }
    return first == '/' ? terminator(s, lexer, 1) : false;
  }
  if (c == '\\' && first != '\\') {
    advance(lexer);
    if (lexer->lookahead == 'g' || lexer->lookahead == 'G') {
      advance(lexer);
      return finish(lexer, TERMINATOR);
    }
    if (lexer->lookahead == '.' && command_ok) {
      advance(lexer);
      return client_command_line(s, lexer);
    }
    if (lexer->lookahead == 'd' && command_ok) {
      advance(lexer);
      if (!is_blank(lexer->lookahead)) return false;
      return delimiter_argument(s, lexer);
    }
    return false;
  }
  /*
   * mysql.cc add_line() matches "delimiter " (with one space) outside strings and comments even
   * inside a statement: it sends what it has buffered as a statement, then runs the command. Where
   * the statement may end, a zero-width terminator ends it and the command is read next.
   */
  if ((c == 'd' || c == 'D') && valid_symbols[TERMINATOR] && !valid_symbols[DELIMITER_STATEMENT] && !recovering) {
    lexer->mark_end(lexer);
    return terminator_before_delimiter_command(lexer);
  }
  if (is_word_char(c)) {
    bool word_delimiter = has_word_char(s);
    bool split = word_delimiter && valid_symbols[WORD_BEFORE_DELIMITER];
    if (command_ok || word_delimiter) return scan_word(s, lexer, command_ok, split);
    return false;
  }
  /*
   * A ";" that is not the delimiter, then only blanks before a "delimiter " line: the client sends
   * the statement with its ";", which the server accepts as the end of a single statement.
   */
  if (c == ';' && !(s->length == 1 && first == ';') && valid_symbols[TERMINATOR] && !recovering) {
    advance(lexer);
    unsigned i = 1;
    if (first == ';') {
      while (i < s->length && !lexer->eof(lexer) && lower(lexer->lookahead) == lower(s->chars[i])) {
        advance(lexer);
        i++;
      }
      if (i == s->length) return finish(lexer, TERMINATOR);
      if (i > 1) return false;
    }
    lexer->mark_end(lexer);
    while (is_space(lexer->lookahead)) advance(lexer);
    return terminator_before_delimiter_command(lexer);
  }
  /*
   * The delimiter ends a statement wherever the client sees it, even where the grammar does not
   * expect an end: the parser then reports the statement as cut short, as the server would.
   */
  return terminator(s, lexer, 0);
}
