// swift.lang, beside this file, embedded as it is (C23 #embed): the binary
// needs no data file of its own wherever it is installed.
#include "CSourceHighlight.h"

static const char swift_lang[] = {
#embed "swift.lang"
};

const char *wf_highlight_swift_definition(void) { return swift_lang; }
size_t wf_highlight_swift_definition_length(void) { return sizeof swift_lang; }
