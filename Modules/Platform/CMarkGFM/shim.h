// GitHub's Markdown parser and its extensions (tables, strikethrough,
// autolinks, task lists), from Debian's libcmark-gfm-dev and
// libcmark-gfm-extensions-dev.
#ifndef WAYFARER_CMARKGFM_H
#define WAYFARER_CMARKGFM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

// The node types of tables and strikethrough are numbers the extensions
// take when they are registered. The library exports them but declares them
// only in headers Debian does not install; Swift reads them through these
// functions rather than as mutable C globals.
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type wf_cmark_node_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type wf_cmark_node_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type wf_cmark_node_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type wf_cmark_node_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

#endif
