/**
 * tree-sitter-mysql: MySQL and MariaDB SQL as innolint needs it.
 *
 * Design (see README.md):
 *  - Statement level first. The DDL that matters (CREATE/ALTER TABLE with every partitioning form,
 *    CREATE/DROP INDEX, DROP/TRUNCATE/RENAME TABLE, DROP DATABASE, CREATE/DROP TABLESPACE), SET,
 *    and the DML shapes (tables, aliases, joins, WHERE) have real structure; every other statement
 *    is an `other_statement` holding a token soup, so unknown syntax never cascades into errors.
 *  - Inside the structured statements, the parts innolint does not read (column types and
 *    attributes, table options, index options, SELECT lists...) are token soups too, balanced on
 *    parentheses. Keywords are only keywords where the grammar can use them (tree-sitter keyword
 *    extraction), so a soup swallows any word and stops at the keyword that may follow it.
 *  - Comments, the client's statement terminator and DELIMITER live in src/scanner.c.
 *  - Versioned comments are comments here; the facts layer resolves them for a target first.
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const KEYWORDS = [
  'add', 'algorithm', 'all', 'alter', 'analyze', 'and', 'any', 'as', 'asc', 'between', 'binary', 'by',
  'case', 'character', 'charset', 'check', 'coalesce', 'collate', 'column', 'columns', 'constraint',
  'convert', 'create', 'cross', 'current', 'database', 'default', 'delayed', 'delete', 'duplicate', 'desc',
  'discard', 'distinct', 'div', 'drop', 'else', 'end', 'escape', 'except', 'exchange', 'exists',
  'false', 'fetch', 'for', 'force', 'foreign', 'from', 'fulltext', 'global', 'group', 'hash', 'having',
  'high_priority', 'history', 'if', 'ignore', 'import', 'in', 'index', 'inner', 'insert', 'intersect',
  'interval', 'into', 'is', 'join', 'key', 'left', 'less', 'like', 'limit', 'linear', 'list', 'local',
  'lock', 'low_priority', 'maxvalue', 'mod', 'names', 'natural', 'not', 'null', 'offline', 'offset', 'on',
  'online', 'optimize', 'or', 'order', 'outer', 'partition', 'partitioning', 'partitions', 'password',
  'persist', 'persist_only', 'primary', 'procedure', 'quick', 'range', 'rebuild', 'recursive',
  'references', 'regexp', 'remove', 'rename', 'reorganize', 'repair', 'replace', 'right', 'rlike',
  'role', 'schema',
  'select', 'session', 'set', 'some', 'spatial', 'statement', 'straight_join', 'subpartition',
  'subpartitions', 'system_time', 'table', 'tables', 'tablespace', 'temporary', 'than', 'then', 'to',
  'transaction', 'true', 'truncate', 'type', 'undo', 'union', 'unique', 'unknown', 'update', 'use',
  'using', 'validation', 'value', 'values', 'when', 'where', 'window', 'with', 'within', 'without', 'xor',
];

/** A case-insensitive pattern for a keyword. */
function ci(word) {
  return new RegExp(
    word
      .split('')
      .map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c))
      .join(''),
  );
}

/** A keyword as it appears in the tree: an anonymous node named in upper case. */
function K(word) {
  return alias(sym('_kw_' + word), word.toUpperCase());
}

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

/** The keywords that start a SELECT's tail. */
const SELECT_TAIL = ['group', 'having', 'window', 'order', 'limit', 'for', 'lock', 'into', 'procedure'];

const OPERATORS = [
  '<=>', '<=', '>=', '<>', '!=', ':=', '||', '&&', '<<', '>>', '->>', '->',
  '=', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '~', '!', ':', '?', '[', ']', '{', '}',
];

export default grammar({
  name: 'mysql',

  word: ($) => $.identifier,

  externals: ($) => [
    $.terminator,
    $.delimiter_statement,
    $.client_command,
    $.comment,
    $._word_before_delimiter,
    $._error_sentinel,
  ],

  extras: ($) => [/\s/, $.comment],

  conflicts: ($) => [],

  rules: {
    source_file: ($) =>
      seq(
        repeat(choice(seq($._statement, $.terminator), $.terminator, $.delimiter_statement, $.client_command)),
        optional($._statement),
      ),

    _statement: ($) =>
      choice(
        $.create_table_statement,
        $.create_index_statement,
        $.create_tablespace_statement,
        $.alter_table_statement,
        $.drop_table_statement,
        $.drop_index_statement,
        $.drop_database_statement,
        $.drop_tablespace_statement,
        $.truncate_table_statement,
        $.rename_table_statement,
        $.set_statement,
        $.select_statement,
        $.insert_statement,
        $.update_statement,
        $.delete_statement,
        $.other_statement,
      ),

    // ---------------------------------------------------------------- lexical

    identifier: (_) => /[A-Za-z_$\u0080-\uFFFF][0-9A-Za-z_$\u0080-\uFFFF]*/,
    quoted_identifier: (_) => /`([^`]|``)*`/,
    string: (_) => choice(/'([^'\\]|\\[\s\S]|'')*'/, /"([^"\\]|\\[\s\S]|"")*"/),
    number: (_) =>
      token(prec(1, choice(/(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/, /0[xX][0-9A-Fa-f]+/, /0[bB][01]+/))),
    system_variable: (_) => /@@([A-Za-z0-9_$]+\.)?[A-Za-z0-9_$]+/,
    user_variable: (_) =>
      /@([A-Za-z0-9_$.\u0080-\uFFFF]+|'([^'\\]|\\[\s\S]|'')*'|"([^"\\]|\\[\s\S]|"")*"|`([^`]|``)*`)/,
    _other_char: (_) => token(prec(-1, /[^\s]/)),

    /** An identifier, also when the client's delimiter cuts it short (`END$$`). */
    _word: ($) => choice($.identifier, alias($._word_before_delimiter, $.identifier)),

    _name: ($) => choice($._word, $.quoted_identifier),

    table_name: ($) =>
      prec.right(choice(field('name', $._name), seq(field('schema', $._name), '.', field('name', $._name)))),

    _op: (_) => choice(...OPERATORS),

    /** Any token but a comma or a semicolon, parentheses balanced. */
    _atom: ($) =>
      choice(
        $._word,
        $.quoted_identifier,
        $.string,
        $.number,
        $.system_variable,
        $.user_variable,
        $._op,
        '.',
        prec(1, $.subquery),
        $.paren_group,
        // PERCENTILE_CONT(x) WITHIN GROUP (ORDER BY ...): not the start of GROUP BY. WITHIN alone is a word.
        prec.right(seq(alias($._kw_within, $.identifier), optional(seq(K('group'), $.paren_group)))),
        $._other_char,
      ),
    _atom_np: ($) =>
      choice(
        $._word,
        $.quoted_identifier,
        $.string,
        $.number,
        $.system_variable,
        $.user_variable,
        $._op,
        '.',
        $._other_char,
      ),
    paren_group: ($) => seq('(', repeat(choice($._atom, ',', ';')), ')'),
    _soup: ($) => repeat1(choice($._atom, ',', ';')),
    _list_soup: ($) => repeat1(choice($._atom, ',')),

    // ------------------------------------------------------------- expressions
    // Flat: enough to find column references, function calls and subqueries.

    _expr: ($) => repeat1($._expr_atom),
    _expr_atom: ($) =>
      choice(
        $.column_reference,
        $.function_call,
        $.string,
        $.number,
        $.system_variable,
        $.user_variable,
        $._op,
        $.parenthesized_expression,
        $.subquery,
        $._other_char,
        ...[
          'and', 'or', 'not', 'xor', 'is', 'null', 'true', 'false', 'unknown', 'like', 'in', 'between',
          'exists', 'regexp', 'rlike', 'div', 'mod', 'interval', 'case', 'when', 'then', 'else', 'end',
          'binary', 'collate', 'escape', 'as', 'any', 'some', 'all', 'distinct', 'default',
        ].map(K),
      ),
    column_reference: ($) => seq($._name, repeat(seq('.', $._name))),
    function_call: ($) => prec(1, seq(field('name', $._name), $.argument_list)),
    argument_list: ($) => seq('(', optional(commaSep1($._expr)), ')'),
    parenthesized_expression: ($) => seq('(', commaSep1($._expr), ')'),
    subquery: ($) => seq('(', $.select_statement, ')'),

    // -------------------------------------------------------------- CREATE TABLE

    create_table_statement: ($) =>
      seq(
        K('create'),
        optional(seq(K('or'), K('replace'))),
        optional(K('temporary')),
        K('table'),
        optional($.if_not_exists),
        field('table', $.table_name),
        choice(
          seq(K('like'), field('like', $.table_name)),
          seq('(', K('like'), field('like', $.table_name), ')'),
          seq(
            optional($.table_elements),
            optional($.table_options),
            optional($.partition_clause),
            optional($.create_select),
          ),
        ),
      ),

    if_not_exists: ($) => seq(K('if'), K('not'), K('exists')),
    if_exists: ($) => seq(K('if'), K('exists')),

    table_elements: ($) =>
      seq(
        '(',
        commaSep1(choice($.column_definition, $.index_definition, $.constraint_definition)),
        ')',
      ),

    column_definition: ($) => seq(field('name', $._name), repeat($._atom)),

    constraint_name: ($) => seq(K('constraint'), optional(field('name', $._name))),

    index_definition: ($) =>
      seq(
        optional($.constraint_name),
        choice(
          seq(K('primary'), K('key')),
          seq(K('unique'), optional(choice(K('index'), K('key')))),
          seq(K('fulltext'), optional(choice(K('index'), K('key')))),
          seq(K('spatial'), optional(choice(K('index'), K('key')))),
          K('index'),
          K('key'),
        ),
        optional($.if_not_exists),
        optional(field('name', $._name)),
        optional($.index_type),
        $.key_part_list,
        repeat($._atom),
      ),

    index_type: ($) => seq(choice(K('using'), K('type')), $._name),

    key_part_list: ($) => seq('(', commaSep1($.key_part), ')'),
    key_part: ($) =>
      seq(choice(field('column', $._name), $.parenthesized_expression), repeat($._atom)),

    constraint_definition: ($) =>
      seq(
        optional($.constraint_name),
        choice(
          seq(
            K('foreign'),
            K('key'),
            optional($.if_not_exists),
            optional(field('name', $._name)),
            $.column_list,
            optional(seq(K('references'), field('references', $.table_name))),
            repeat($._atom),
          ),
          seq(K('check'), repeat1($._atom)),
        ),
      ),

    /** Table options, as a soup: ENGINE=..., DEFAULT CHARSET=..., WITH SYSTEM VERSIONING... */
    table_options: ($) => prec.right(seq($._atom_np, repeat(choice($._atom, ',')))),

    create_select: ($) =>
      seq(
        optional(choice(K('ignore'), K('replace'))),
        choice(seq(K('as'), $.select_statement), alias($._query_expression, $.select_statement)),
      ),

    // ------------------------------------------------------------- partitioning
    // MySQL and MariaDB sql_yacc.yy: partitioning, part_type_def, opt_sub_part, part_defs.

    partition_clause: ($) =>
      prec.right(seq(
        K('partition'),
        K('by'),
        $.partition_type,
        optional(seq(K('partitions'), field('partitions', $.number))),
        optional($.subpartition_clause),
        optional($.partition_definitions),
      )),

    partition_type: ($) =>
      choice(
        seq(optional(K('linear')), K('key'), optional($.key_algorithm), $.column_list),
        seq(optional(K('linear')), K('hash'), field('expression', $.parenthesized_expression)),
        seq(
          choice(K('range'), K('list')),
          choice(field('expression', $.parenthesized_expression), seq(K('columns'), $.column_list)),
        ),
        seq(K('system_time'), optional($.versioning_rotation)),
      ),

    key_algorithm: ($) => seq(K('algorithm'), '=', $.number),

    column_list: ($) => seq('(', optional(commaSep1($._name)), ')'),

    /** MariaDB: INTERVAL n unit [STARTS ts] [AUTO] | LIMIT n [AUTO] */
    versioning_rotation: ($) =>
      seq(
        choice(K('interval'), K('limit')),
        repeat1(choice($._word, $.string, $.number, $._op, '.')),
      ),

    subpartition_clause: ($) =>
      seq(
        K('subpartition'),
        K('by'),
        $.subpartition_type,
        optional(seq(K('subpartitions'), field('subpartitions', $.number))),
      ),

    subpartition_type: ($) =>
      choice(
        seq(optional(K('linear')), K('key'), optional($.key_algorithm), $.column_list),
        seq(optional(K('linear')), K('hash'), field('expression', $.parenthesized_expression)),
      ),

    partition_definitions: ($) => seq('(', commaSep1($.partition_definition), ')'),

    // MariaDB accepts a definition without the PARTITION keyword: `(p0 VALUES LESS THAN (10), ...)`.
    partition_definition: ($) =>
      seq(
        optional(K('partition')),
        field('name', choice($._name, $.string)),
        optional($.partition_values),
        optional($.partition_options),
        optional($.subpartition_definitions),
      ),

    partition_values: ($) =>
      choice(
        seq(K('values'), K('less'), K('than'), choice(K('maxvalue'), $.paren_group)),
        seq(K('values'), K('in'), $.paren_group),
        K('current'),
        K('history'),
        K('default'),
      ),

    /** ENGINE, COMMENT, DATA/INDEX DIRECTORY, MAX_ROWS, MIN_ROWS, TABLESPACE, NODEGROUP... */
    partition_options: ($) =>
      repeat1(choice($._word, $.quoted_identifier, $.string, $.number, '=')),

    subpartition_definitions: ($) => seq('(', commaSep1($.subpartition_definition), ')'),

    subpartition_definition: ($) =>
      seq(K('subpartition'), field('name', choice($._name, $.string)), optional($.partition_options)),

    partition_names: ($) => prec.right(commaSep1($._name)),

    // --------------------------------------------------------------- ALTER TABLE

    alter_table_statement: ($) =>
      seq(
        K('alter'),
        optional(K('online')),
        optional(K('ignore')),
        K('table'),
        optional($.if_exists),
        field('table', $.table_name),
        optional(
          choice(
            seq(commaSep1($._alter_spec), optional(choice($.partition_clause, $.remove_partitioning))),
          ),
        ),
      ),

    _alter_spec: ($) =>
      choice(
        $.alter_add_column,
        $.alter_add_index,
        $.alter_add_constraint,
        $.alter_add_partition,
        $.alter_drop_column,
        $.alter_drop_index,
        $.alter_drop_primary_key,
        $.alter_drop_foreign_key,
        $.alter_drop_constraint,
        $.alter_drop_partition,
        $.algorithm_option,
        $.lock_option,
        $.coalesce_partition,
        $.reorganize_partition,
        $.exchange_partition,
        $.partition_maintenance,
        $.partition_tablespace,
        $.convert_partition,
        $.convert_table,
        $.remove_partitioning,
        $.partition_clause,
        $.alter_rename,
        $.alter_option,
      ),

    alter_add_column: ($) =>
      seq(
        K('add'),
        optional(K('column')),
        optional($.if_not_exists),
        choice(
          $.column_definition,
          seq('(', commaSep1(choice($.column_definition, $.index_definition)), ')'),
        ),
      ),
    alter_add_index: ($) => seq(K('add'), $.index_definition),
    alter_add_constraint: ($) => seq(K('add'), $.constraint_definition),
    alter_add_partition: ($) =>
      seq(
        K('add'),
        K('partition'),
        optional($.if_not_exists),
        choice($.partition_definitions, seq(K('partitions'), field('count', $.number))),
      ),

    alter_drop_column: ($) =>
      seq(K('drop'), optional(K('column')), optional($.if_exists), field('name', $._name), repeat($._atom)),
    alter_drop_index: ($) =>
      seq(K('drop'), choice(K('index'), K('key')), optional($.if_exists), field('name', $._name)),
    alter_drop_primary_key: ($) => seq(K('drop'), K('primary'), K('key')),
    alter_drop_foreign_key: ($) =>
      seq(K('drop'), K('foreign'), K('key'), optional($.if_exists), field('name', $._name)),
    alter_drop_constraint: ($) =>
      seq(K('drop'), choice(K('constraint'), K('check')), optional($.if_exists), field('name', $._name)),
    alter_drop_partition: ($) =>
      seq(K('drop'), K('partition'), optional($.if_exists), $.partition_names),

    algorithm_option: ($) =>
      seq(K('algorithm'), optional('='), field('value', choice($._word, K('default')))),
    lock_option: ($) => seq(K('lock'), optional('='), field('value', choice($._word, K('default')))),

    coalesce_partition: ($) => seq(K('coalesce'), K('partition'), field('count', $.number)),
    reorganize_partition: ($) =>
      seq(K('reorganize'), K('partition'), optional(seq($.partition_names, K('into'), $.partition_definitions))),
    exchange_partition: ($) =>
      seq(
        K('exchange'),
        K('partition'),
        field('partition', $._name),
        K('with'),
        K('table'),
        field('table', $.table_name),
        optional(seq(choice(K('with'), K('without')), K('validation'))),
      ),
    partition_maintenance: ($) =>
      seq(
        field('operation', choice(K('truncate'), K('rebuild'), K('optimize'), K('analyze'), K('check'), K('repair'))),
        K('partition'),
        choice(K('all'), $.partition_names),
      ),
    partition_tablespace: ($) =>
      seq(
        field('operation', choice(K('discard'), K('import'))),
        optional(seq(K('partition'), choice(K('all'), $.partition_names))),
        K('tablespace'),
      ),
    convert_partition: ($) =>
      seq(K('convert'), K('partition'), field('partition', $._name), K('to'), K('table'), field('table', $.table_name)),
    convert_table: ($) =>
      seq(K('convert'), K('table'), field('table', $.table_name), K('to'), $.partition_definition),
    remove_partitioning: ($) => seq(K('remove'), K('partitioning')),

    /** RENAME [TO|AS] new_name: the table's new name. */
    alter_rename: ($) => seq(K('rename'), optional(choice(K('to'), K('as'))), field('to', $.table_name)),

    /** Anything else: CHANGE, MODIFY, RENAME COLUMN/INDEX, ENGINE=..., CONVERT TO CHARACTER SET, FORCE... */
    alter_option: ($) =>
      choice(
        seq($._word, repeat($._atom)),
        seq(K('convert'), repeat1($._atom)),
        seq(K('rename'), choice(K('column'), K('index'), K('key')), repeat($._atom)),
      ),

    // ------------------------------------------------------------- other DDL

    create_index_statement: ($) =>
      seq(
        K('create'),
        optional(seq(K('or'), K('replace'))),
        optional(choice(K('online'), K('offline'))),
        optional(choice(K('unique'), K('fulltext'), K('spatial'))),
        K('index'),
        optional($.if_not_exists),
        field('name', $._name),
        optional($.index_type),
        K('on'),
        field('table', $.table_name),
        $.key_part_list,
        repeat(choice($.algorithm_option, $.lock_option, $._atom)),
      ),

    drop_index_statement: ($) =>
      seq(
        K('drop'),
        K('index'),
        optional($.if_exists),
        field('name', $._name),
        K('on'),
        field('table', $.table_name),
        repeat(choice($.algorithm_option, $.lock_option, $._atom)),
      ),

    drop_table_statement: ($) =>
      seq(
        K('drop'),
        optional(K('temporary')),
        choice(K('table'), K('tables')),
        optional($.if_exists),
        commaSep1(field('table', $.table_name)),
        repeat($._atom),
      ),

    truncate_table_statement: ($) =>
      seq(K('truncate'), optional(K('table')), field('table', $.table_name), repeat($._atom)),

    rename_table_statement: ($) =>
      seq(K('rename'), choice(K('table'), K('tables')), optional($.if_exists), commaSep1($.rename_pair)),
    rename_pair: ($) => seq(field('from', $.table_name), repeat($._atom), K('to'), field('to', $.table_name)),

    drop_database_statement: ($) =>
      seq(K('drop'), choice(K('database'), K('schema')), optional($.if_exists), field('name', $._name)),

    create_tablespace_statement: ($) =>
      seq(K('create'), optional(K('undo')), K('tablespace'), field('name', $._name), repeat(choice($._atom, ','))),

    drop_tablespace_statement: ($) =>
      seq(K('drop'), optional(K('undo')), K('tablespace'), field('name', $._name), repeat($._atom)),

    // --------------------------------------------------------------------- SET

    set_statement: ($) =>
      seq(
        K('set'),
        choice(
          commaSep1(choice($.assignment, $.set_names)),
          seq(optional($._scope), K('transaction'), optional($._list_soup)),
          seq(choice(K('password'), K('role'), K('default'), K('statement')), optional($._soup)),
        ),
      ),

    /** NAMES cs [COLLATE co] | CHARACTER SET cs | CHARSET cs, which may share a SET with assignments. */
    set_names: ($) =>
      seq(
        choice(K('names'), seq(K('character'), K('set')), K('charset')),
        repeat1(choice($._atom_np, K('collate'), K('default'))),
      ),

    _scope: ($) => field('scope', choice(K('global'), K('session'), K('local'), K('persist'), K('persist_only'))),

    assignment: ($) =>
      seq(
        optional($._scope),
        field('variable', choice($.system_variable, $.user_variable, $.variable_name)),
        choice('=', ':='),
        field('value', $.value),
      ),

    variable_name: ($) => seq($._name, optional(seq('.', $._name))),
    value: ($) => repeat1($._atom),

    // --------------------------------------------------------------------- DML

    select_statement: ($) => seq(optional($.with_clause), $._query_expression),

    with_clause: ($) => seq(K('with'), optional(K('recursive')), commaSep1($.cte)),
    cte: ($) =>
      seq(field('name', $._name), optional($.column_list), K('as'), '(', $.select_statement, ')'),

    _query_expression: ($) =>
      seq(
        $._query_term,
        repeat(seq(choice(K('union'), K('except'), K('intersect')), optional(choice(K('all'), K('distinct'))), $._query_term)),
      ),
    _query_term: ($) =>
      choice($.select_core, prec.right(1, seq($._paren_query, optional(alias($._select_tail_offset, $.select_tail))))),
    /**
     * A parenthesised query, shared by a parenthesised query term and a derived table, so that in
     * `FROM ((SELECT ...) AS x JOIN t ...)` the parser decides which it is only after the `)`.
     */
    _paren_query: ($) => prec(1, seq('(', $.select_statement, ')')),

    select_core: ($) =>
      seq(
        K('select'),
        optional($.select_list),
        optional($.into_clause),
        optional(
          choice(
            seq($.from_clause, optional($.where_clause), optional(alias($._select_tail_offset, $.select_tail))),
            seq($.where_clause, optional($.select_tail)),
            $.select_tail,
          ),
        ),
      ),

    select_list: ($) => $._list_soup,
    into_clause: ($) => prec(1, seq(K('into'), $._list_soup)),
    from_clause: ($) => seq(K('from'), commaSep1($._table_reference)),
    where_clause: ($) => seq(K('where'), $._expr),

    /** GROUP BY, HAVING, WINDOW, ORDER BY, LIMIT, FOR UPDATE, LOCK IN SHARE MODE, INTO... */
    select_tail: ($) => seq(choice(...SELECT_TAIL.map(K)), optional($._list_soup)),
    /**
     * After FROM (or a parenthesised query) the tail may also start with MariaDB 10.6's
     * `OFFSET n ROWS` / `FETCH FIRST n ROWS ONLY`; in a select list `offset` stays a column name.
     */
    _select_tail_offset: ($) => seq(choice(...SELECT_TAIL.map(K), K('offset'), K('fetch')), optional($._list_soup)),

    _table_reference: ($) => seq($._table_factor, repeat($.join_clause)),
    _table_factor: ($) => choice($.table_reference, $.derived_table, $.table_group),
    /** A parenthesised join or table list: `t1 LEFT JOIN (t2 JOIN t3 ON ...) ON ...`, `(t2, t3)`. */
    table_group: ($) => seq('(', commaSep1($._table_reference), ')'),

    table_reference: ($) =>
      seq(
        field('table', $.table_name),
        optional($.partition_selection),
        optional($._alias),
        repeat($.index_hint),
      ),
    derived_table: ($) => seq($._paren_query, optional($._alias), optional($.column_list)),
    _alias: ($) => seq(optional(K('as')), field('alias', $._name)),
    partition_selection: ($) => seq(K('partition'), $.column_list),
    index_hint: ($) =>
      seq(
        choice(K('use'), K('force'), K('ignore')),
        choice(K('index'), K('key')),
        optional(seq(K('for'), repeat1(choice($._word, K('join'), K('order'), K('group'), K('by'))))),
        $.paren_group,
      ),

    join_clause: ($) =>
      prec.right(seq(
        optional(
          choice(
            K('inner'),
            K('cross'),
            seq(choice(K('left'), K('right')), optional(K('outer'))),
            seq(K('natural'), optional(choice(K('left'), K('right'))), optional(K('outer'))),
          ),
        ),
        choice(K('join'), K('straight_join')),
        $._table_factor,
        optional(choice($.join_condition, seq(K('using'), $.column_list))),
      )),
    join_condition: ($) => seq(K('on'), $._expr),

    insert_statement: ($) =>
      seq(
        choice(K('insert'), K('replace')),
        repeat(choice(K('low_priority'), K('delayed'), K('high_priority'), K('ignore'))),
        optional(K('into')),
        field('table', $.table_name),
        optional($.partition_selection),
        optional($.column_list),
        optional(
          choice(
            seq(choice(K('values'), K('value')), $._list_soup),
            seq(K('set'), $._list_soup),
            $.select_statement,
          ),
        ),
        optional($.on_duplicate_key_update),
      ),
    on_duplicate_key_update: ($) => seq(K('on'), K('duplicate'), K('key'), K('update'), $._list_soup),

    update_statement: ($) =>
      seq(
        optional($.with_clause),
        K('update'),
        repeat(choice(K('low_priority'), K('ignore'))),
        commaSep1($._table_reference),
        K('set'),
        commaSep1($.update_assignment),
        optional($.where_clause),
        optional($.select_tail),
      ),
    update_assignment: ($) => seq(field('column', $.column_reference), '=', field('value', $._expr)),

    delete_statement: ($) =>
      seq(
        optional($.with_clause),
        K('delete'),
        repeat(choice(K('low_priority'), K('quick'), K('ignore'))),
        choice(
          seq(K('from'), commaSep1($._table_reference), optional(seq(K('using'), commaSep1($._table_reference)))),
          seq(commaSep1($.delete_target), K('from'), commaSep1($._table_reference)),
        ),
        optional($.where_clause),
        optional($.select_tail),
      ),
    delete_target: ($) =>
      seq(
        field('name', $._name),
        optional(seq('.', field('name', $._name))),
        optional(seq('.', '*')),
      ),

    // ------------------------------------------------------------------- other

    other_statement: ($) =>
      choice(
        seq(choice($._word, $.quoted_identifier, $._other_char), optional($._soup)),
        seq(
          K('create'),
          optional(seq(K('or'), K('replace'))),
          optional(K('temporary')),
          $._word,
          optional($._soup),
        ),
        seq(choice(K('alter'), K('drop'), K('rename')), $._word, optional($._soup)),
      ),

    // A keyword needs a lexical precedence over `identifier` to be extracted as a keyword.
    ...Object.fromEntries(KEYWORDS.map((w) => ['_kw_' + w, (_) => token(prec(1, ci(w)))])),
  },
});
