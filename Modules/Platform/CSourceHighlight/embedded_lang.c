// The language definitions Wayfarer carries, beside this file, embedded as
// they are (C23 #embed): swift.lang, which the library lacks, and sh.lang,
// a faster one than the library's. An installed binary needs no data file
// of its own.
#include <string.h>

#include "CSourceHighlight.h"

static const char swift_lang[] = {
#embed "swift.lang"
};

static const char sh_lang[] = {
#embed "sh.lang"
};

const char *wf_highlight_embedded_definition(const char *name, size_t *length) {
  if (strcmp(name, "swift") == 0) {
    *length = sizeof swift_lang;
    return swift_lang;
  }
  if (strcmp(name, "sh") == 0) {
    *length = sizeof sh_lang;
    return sh_lang;
  }
  *length = 0;
  return NULL;
}
