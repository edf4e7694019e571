// One subtree of a web-tree-sitter tree, written out as flat records in a single call.
//
// Reading a tree node by node from JavaScript crosses into WebAssembly several times per node and
// allocates a Node object each time; extracting facts that way cost twice the parse. This walk runs
// inside WebAssembly, against the runtime's exported *_wasm functions, which pass nodes and cursors
// through the runtime's transfer buffer (a node is 5 words, a cursor 4).
//
// Record layout (FLAT_WORDS words per node, pre-order): see src/sql/syntax.ts.
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

extern void ts_tree_cursor_new_wasm(const void *tree);
extern void ts_tree_cursor_delete_wasm(const void *tree);
extern bool ts_tree_cursor_goto_first_child_wasm(const void *tree);
extern bool ts_tree_cursor_goto_next_sibling_wasm(const void *tree);
extern bool ts_tree_cursor_goto_parent_wasm(const void *tree);
extern uint32_t ts_tree_cursor_current_field_id_wasm(const void *tree);
extern void ts_tree_cursor_current_node_wasm(const void *tree);
extern uint16_t ts_node_symbol_wasm(const void *tree);
extern int ts_node_is_named_wasm(const void *tree);
extern int ts_node_is_missing_wasm(const void *tree);
extern int ts_node_has_error_wasm(const void *tree);
extern uint32_t ts_node_end_index_wasm(const void *tree);
extern void ts_node_end_point_wasm(const void *tree);

enum { FLAT_WORDS = 11, CURSOR_WORDS = 4 };
enum { NAMED = 1, MISSING = 2, HAS_ERROR = 4 };

static uint32_t *records;
static uint32_t capacity;
static uint32_t *parents;
static uint32_t depth_capacity;

static bool reserve(uint32_t nodes, uint32_t depth) {
  if (nodes > capacity) {
    uint32_t want = capacity ? capacity : 4096;
    while (want < nodes) want *= 2;
    uint32_t *grown = realloc(records, (size_t)want * FLAT_WORDS * sizeof(uint32_t));
    if (!grown) return false;
    records = grown;
    capacity = want;
  }
  if (depth > depth_capacity) {
    uint32_t want = depth_capacity ? depth_capacity : 256;
    while (want < depth) want *= 2;
    uint32_t *grown = realloc(parents, (size_t)want * sizeof(uint32_t));
    if (!grown) return false;
    parents = grown;
    depth_capacity = want;
  }
  return true;
}

static void put_cursor(uint32_t *transfer, const uint32_t *cursor) {
  for (int i = 0; i < CURSOR_WORDS; i++) transfer[i] = cursor[i];
}

static void take_cursor(const uint32_t *transfer, uint32_t *cursor) {
  for (int i = 0; i < CURSOR_WORDS; i++) cursor[i] = transfer[i];
}

// The node marshalled in `transfer` and its descendants; returns the node count, or 0 when memory
// ran out. The records stay valid until the next call (innolint_flat_records).
uint32_t innolint_flat_tree(const void *tree, uint32_t *transfer) {
  uint32_t cursor[CURSOR_WORDS];
  uint32_t count = 0;
  uint32_t depth = 0;
  ts_tree_cursor_new_wasm(tree);
  take_cursor(transfer, cursor);
  for (;;) {
    if (!reserve(count + 1, depth + 1)) {
      count = 0;
      break;
    }
    uint32_t *r = records + (size_t)count * FLAT_WORDS;
    put_cursor(transfer, cursor);
    r[1] = ts_tree_cursor_current_field_id_wasm(tree);
    ts_tree_cursor_current_node_wasm(tree);
    r[2] = transfer[1];
    r[4] = transfer[2];
    r[5] = transfer[3];
    r[8] = transfer[0];
    uint32_t flags = 0;
    if (ts_node_is_named_wasm(tree)) flags |= NAMED;
    if (ts_node_is_missing_wasm(tree)) flags |= MISSING;
    if (ts_node_has_error_wasm(tree)) flags |= HAS_ERROR;
    r[0] = (uint32_t)ts_node_symbol_wasm(tree) | (flags << 16);
    r[3] = ts_node_end_index_wasm(tree);
    ts_node_end_point_wasm(tree);
    r[6] = transfer[0];
    r[7] = transfer[1];
    r[9] = depth ? parents[depth - 1] : UINT32_MAX;
    parents[depth] = count;
    count++;

    put_cursor(transfer, cursor);
    if (ts_tree_cursor_goto_first_child_wasm(tree)) {
      take_cursor(transfer, cursor);
      depth++;
      continue;
    }
    for (;;) {
      records[(size_t)parents[depth] * FLAT_WORDS + 10] = count;
      if (depth == 0) break;
      put_cursor(transfer, cursor);
      if (ts_tree_cursor_goto_next_sibling_wasm(tree)) {
        take_cursor(transfer, cursor);
        break;
      }
      put_cursor(transfer, cursor);
      ts_tree_cursor_goto_parent_wasm(tree);
      take_cursor(transfer, cursor);
      depth--;
    }
    if (depth == 0 && records[(size_t)parents[0] * FLAT_WORDS + 10] == count) break;
  }
  put_cursor(transfer, cursor);
  ts_tree_cursor_delete_wasm(tree);
  return count;
}

const uint32_t *innolint_flat_records(void) { return records; }
