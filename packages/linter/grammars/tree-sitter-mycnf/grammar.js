/**
 * @file Tree-sitter grammar for MySQL/MariaDB option files (my.cnf).
 *
 * The grammar mirrors the line reader in MariaDB's mysys/my_default.c
 * (search_default_file_with_ext) and MySQL's mysys/my_default.cc: every physical line is one
 * statement, classified by its first non-blank character:
 *   '#' or ';'  -> comment            '['  -> group header ("[name]", text after ']' ignored)
 *   '!'         -> directive          else -> option ("name", "name = value", "= value")
 * Blanks are the latin1 my_isspace() set minus '\n': space \t \r \f \v.
 *
 * Option lines need the reader's exact comment rule (remove_end_comment: a '#' starts a comment
 * unless it is inside '…' or "…" quotes, where a backslash escapes the next quote; the quote
 * state runs across the whole line, name included) and its '=' rule (the FIRST '=' before the
 * comment splits name from value, quotes or not). Regular tokens cannot carry the quote state
 * from the name into the value, so option names, '=' and values come from src/scanner.c.
 */

const BLANK = /[ \t\r\f\v]/;

export default grammar({
  name: 'mycnf',

  extras: _ => [BLANK],

  externals: $ => [
    $.option_name,
    '=',
    $.option_value,
    $.group_name,
    $._error_sentinel,
  ],

  conflicts: _ => [],

  rules: {
    source_file: $ => seq(
      repeat(seq(optional($._statement), $._newline)),
      optional($._statement),
    ),

    _newline: _ => '\n',

    _statement: $ => choice(
      $.comment,
      $.group_header,
      $.directive,
      $.option,
    ),

    // '#' or ';' as the first non-blank character of a line.
    comment: _ => token(seq(/[#;]/, /[^\n]*/)),

    // '#' after an option (outside quotes) or after a group header's ']'.
    _inline_comment: $ => alias(token(seq('#', /[^\n]*/)), $.comment),

    // The reader takes everything up to the first ']' (leading blanks kept, trailing blanks
    // dropped) and ignores whatever follows it on the line. No ']' at all is a fatal error
    // ("Wrong group definition"), represented by a header without its closing bracket.
    group_header: $ => seq(
      '[',
      optional(field('name', $.group_name)),
      optional(seq(
        field('close', ']'),
        optional(choice($._inline_comment, field('ignored', $.ignored_text))),
      )),
    ),

    ignored_text: _ => token(seq(/[^ \t\r\f\v\n#]/, /[^\n]*/)),

    // "!include PATH" / "!includedir DIR": the keyword must be followed by a blank (or the
    // newline); the argument is the rest of the line, trailing blanks dropped, no comments.
    // Any other "!word" line is silently ignored by the reader.
    directive: $ => seq(
      '!',
      optional(seq(
        field('keyword', $.directive_name),
        optional(field('argument', $.directive_argument)),
      )),
    ),

    directive_name: $ => choice('include', 'includedir', $._word),

    _word: _ => /[^ \t\r\f\v\n]+/,

    directive_argument: _ => token(seq(/[^ \t\r\f\v\n]/, optional(seq(/[^\n]*/, /[^ \t\r\f\v\n]/)))),

    option: $ => seq(
      choice(
        seq(field('name', $.option_name), optional(seq('=', optional(field('value', $.option_value))))),
        seq('=', optional(field('value', $.option_value))),
      ),
      optional($._inline_comment),
    ),
  },
});
