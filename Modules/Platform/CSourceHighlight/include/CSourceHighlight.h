// GNU source-highlight behind a C interface: the classes of a code block's
// tokens, never its escape codes, so the app decides what colour (if any)
// each class is drawn in. The library is C++; this header is plain C.
#ifndef WAYFARER_CSOURCEHIGHLIGHT_H
#define WAYFARER_CSOURCEHIGHLIGHT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a token is. Source-highlight's many element names fold into these.
typedef enum wf_highlight_kind {
  WF_HIGHLIGHT_PLAIN = 0,
  WF_HIGHLIGHT_KEYWORD = 1,
  WF_HIGHLIGHT_TYPE = 2,
  WF_HIGHLIGHT_STRING = 3,
  WF_HIGHLIGHT_COMMENT = 4,
  WF_HIGHLIGHT_NUMBER = 5,
  /// Preprocessor lines, compiler directives and attributes.
  WF_HIGHLIGHT_DIRECTIVE = 6,
  WF_HIGHLIGHT_FUNCTION = 7,
  WF_HIGHLIGHT_VARIABLE = 8,
} wf_highlight_kind;

/// A run of bytes of one kind: `start` and `length` count bytes of the text.
typedef struct wf_highlight_span {
  uint32_t start;
  uint32_t length;
  uint32_t kind;
} wf_highlight_span;

/// How a call ended.
typedef enum wf_highlight_status {
  WF_HIGHLIGHT_OK = 0,
  /// No language definition for this name: show the code plain.
  WF_HIGHLIGHT_UNKNOWN_LANGUAGE = 1,
  /// The text is too large to highlight (a line over the limit below).
  WF_HIGHLIGHT_TOO_LARGE = 2,
  /// The library failed (a regular expression gave up, memory ran out).
  WF_HIGHLIGHT_FAILED = 3,
} wf_highlight_status;

/// Lines longer than this many bytes are not highlighted: a minified file's
/// one line would cost regular expressions time for little use.
#define WF_HIGHLIGHT_MAXIMUM_LINE 4096

/// The kind source-highlight's element `name` ("keyword", "usertype", …)
/// is shown as; WF_HIGHLIGHT_PLAIN for names not listed.
wf_highlight_kind wf_highlight_kind_of(const char *_Nonnull name);

/// Whether `language` (a fence's info string: "swift", "py", "sh" …, any
/// case) has a definition, loading it if it has not been.
int wf_highlight_knows(const char *_Nonnull language);

/// Highlights `length` bytes of `text` (lines separated by '\n', a
/// construct such as a block comment carrying over from line to line) as
/// `language`. On WF_HIGHLIGHT_OK, `*spans` holds `*count` spans of the
/// kinds other than plain, in order and not overlapping; release it with
/// wf_highlight_free. On any other status `*spans` is NULL.
wf_highlight_status wf_highlight(
  const char *_Nonnull language, const char *_Nonnull text, size_t length,
  wf_highlight_span *_Nullable *_Nonnull spans, size_t *_Nonnull count);

/// Releases what wf_highlight returned.
void wf_highlight_free(wf_highlight_span *_Nullable spans);

/// A definition this library ships ("swift": swift.lang, "sh": sh.lang),
/// with its size in `*length`; NULL for any other name.
const char *_Nullable wf_highlight_embedded_definition(const char *_Nonnull name, size_t *_Nonnull length);

#ifdef __cplusplus
}
#endif

#endif
