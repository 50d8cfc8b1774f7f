// The C face of GNU source-highlight: a code block in, the kinds of its
// tokens out (byte ranges), never escape codes or the library's own output
// formats. Language definitions come from the library's data folder
// (lang.map and its .lang files, found as the library finds them:
// SOURCE_HIGHLIGHT_DATADIR, its configuration file, or where it was
// installed), except Swift's and the shell's, which are embedded
// (embedded_lang.c).
//
// One mutex serialises every call: the built definitions are shared and the
// library does not say they may be used from two threads at once. No
// exception crosses into C: any failure is a status, and the caller draws
// the code plain.
#include "CSourceHighlight.h"

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>
#include <srchilite/sourcehighlighter.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct ElementKind {
  const char *name;
  wf_highlight_kind kind;
};

// Source-highlight's element names (from its default.style and the .lang
// files) and the kind each is shown as; the rest (symbol, cbracket,
// normal …) are plain.
const ElementKind elementKinds[] = {
  {"keyword", WF_HIGHLIGHT_KEYWORD},     {"type", WF_HIGHLIGHT_TYPE},
  {"usertype", WF_HIGHLIGHT_TYPE},       {"classname", WF_HIGHLIGHT_TYPE},
  {"string", WF_HIGHLIGHT_STRING},       {"regexp", WF_HIGHLIGHT_STRING},
  {"specialchar", WF_HIGHLIGHT_STRING},  {"comment", WF_HIGHLIGHT_COMMENT},
  {"todo", WF_HIGHLIGHT_COMMENT},        {"number", WF_HIGHLIGHT_NUMBER},
  {"preproc", WF_HIGHLIGHT_DIRECTIVE},   {"attribute", WF_HIGHLIGHT_DIRECTIVE},
  {"function", WF_HIGHLIGHT_FUNCTION},   {"predef_func", WF_HIGHLIGHT_FUNCTION},
  {"variable", WF_HIGHLIGHT_VARIABLE},   {"predef_var", WF_HIGHLIGHT_VARIABLE},
};

// Fence names people write that lang.map lacks or maps otherwise ("pl" is
// Prolog there; in a README it is Perl). "embedded:" names one of ours.
const std::pair<const char *, const char *> aliases[] = {
  {"swift", "embedded:swift"}, {"sh", "embedded:sh"},       {"bash", "embedded:sh"},
  {"shell", "embedded:sh"},
  {"rust", "rust.lang"},       {"ts", "javascript.lang"},  {"typescript", "javascript.lang"},
  {"jsx", "javascript.lang"},  {"tsx", "javascript.lang"}, {"mjs", "javascript.lang"},
  {"c++", "cpp.lang"},         {"cxx", "cpp.lang"},        {"make", "makefile.lang"},
  {"golang", "go.lang"},       {"pl", "perl.lang"},        {"text", ""},
  {"txt", ""},                 {"plaintext", ""},          {"console", ""},
};

/// Collects the spans of one block: the highlighter hands every byte of a
/// line, in order, to the formatter of its element.
struct Collector {
  std::vector<wf_highlight_span> spans;
  size_t position = 0;
};

class KindFormatter : public srchilite::Formatter {
 public:
  KindFormatter(Collector &collector, wf_highlight_kind kind) : collector(collector), kind(kind) {}

  void format(const std::string &text, const srchilite::FormatterParams *) override {
    size_t start = collector.position;
    collector.position += text.size();
    if (kind == WF_HIGHLIGHT_PLAIN || text.empty()) return;
    auto &spans = collector.spans;
    // Two tokens of one kind side by side are one span.
    if (!spans.empty() && spans.back().kind == uint32_t(kind) &&
        spans.back().start + spans.back().length == start) {
      spans.back().length += uint32_t(text.size());
      return;
    }
    spans.push_back({uint32_t(start), uint32_t(text.size()), uint32_t(kind)});
  }

 private:
  Collector &collector;
  wf_highlight_kind kind;
};

// Made once and never destroyed: a thread still drawing a README while the
// process exits must not find them torn down by static destructors.
std::mutex &lock = *new std::mutex;
srchilite::RegexRuleFactory &ruleFactory = *new srchilite::RegexRuleFactory;
// Built definitions by lang file; a null entry is one that does not build.
std::map<std::string, srchilite::HighlightStatePtr> &definitions =
    *new std::map<std::string, srchilite::HighlightStatePtr>;
// The spans of the block being highlighted. Read and written with `lock` held.
Collector &collector = *new Collector;

/// A formatter for each element, writing into `collector`: made once, not
/// per block (made per block they were 7.5M of a 1 MB README's 146M
/// instructions of highlighting, callgrind). Call with `lock` held.
srchilite::FormatterManager &formatters() {
  static srchilite::FormatterManager *manager = [] {
    auto *made = new srchilite::FormatterManager(srchilite::FormatterPtr(new KindFormatter(collector, WF_HIGHLIGHT_PLAIN)));
    for (const auto &element : elementKinds) {
      made->addFormatter(element.name, srchilite::FormatterPtr(new KindFormatter(collector, element.kind)));
    }
    return made;
  }();
  return *manager;
}

/// An embedded definition read from memory (a memfd, opened by the library
/// as /proc/self/fd/N); where that is not possible, from a private
/// temporary folder that is removed at once.
srchilite::HighlightStatePtr loadEmbedded(srchilite::LangDefManager &manager, const char *bytes, size_t length) {
  int fd = memfd_create("wayfarer.lang", MFD_CLOEXEC);
  if (fd >= 0) {
    srchilite::HighlightStatePtr state;
    try {
      if (write(fd, bytes, length) == ssize_t(length) && access("/proc/self/fd", R_OK) == 0) {
        state = manager.buildHighlightState("/proc/self/fd", std::to_string(fd));
      }
    } catch (...) {
      // A definition that does not build: the folder below would fail too.
      close(fd);
      return nullptr;
    }
    close(fd);
    if (state) return state;
  }
  const char *base = getenv("TMPDIR");
  std::string folder = std::string(base && *base ? base : "/tmp") + "/wayfarer-lang-XXXXXX";
  if (!mkdtemp(folder.data())) return nullptr;
  std::string file = folder + "/embedded.lang";
  srchilite::HighlightStatePtr state;
  if (FILE *out = fopen(file.c_str(), "wx")) {
    bool written = fwrite(bytes, 1, length, out) == length;
    if (fclose(out) == 0 && written) {
      try {
        state = manager.buildHighlightState(folder, "embedded.lang");
      } catch (...) {
      }
    }
    remove(file.c_str());
  }
  rmdir(folder.c_str());
  return state;
}

/// The lang file for a fence's name: ours, then lang.map's; "" for none.
/// The name never becomes a path: only lang.map's own values are opened.
std::string langFile(const std::string &name) {
  for (const auto &alias : aliases) {
    if (name == alias.first) return alias.second;
  }
  static srchilite::LangMap *langMap = nullptr;
  if (!langMap) langMap = new srchilite::LangMap(srchilite::Settings::retrieveDataDir(), "lang.map");
  return langMap->getMappedFileName(name);
}

/// The definition for `name` (already lower-cased), built once per lang
/// file; null when there is none or it does not build. Call with `lock` held.
srchilite::HighlightStatePtr definition(const std::string &name) {
  std::string file;
  try {
    file = langFile(name);
  } catch (...) {
    return nullptr;
  }
  if (file.empty() || file == "nohilite.lang") return nullptr;
  auto found = definitions.find(file);
  if (found != definitions.end()) return found->second;
  srchilite::HighlightStatePtr state;
  try {
    srchilite::LangDefManager manager(&ruleFactory);
    if (file.rfind("embedded:", 0) == 0) {
      size_t length = 0;
      const char *bytes = wf_highlight_embedded_definition(file.c_str() + strlen("embedded:"), &length);
      if (bytes) state = loadEmbedded(manager, bytes, length);
    } else {
      state = manager.buildHighlightState(srchilite::Settings::retrieveDataDir(), file);
    }
  } catch (...) {
    state.reset();
  }
  definitions[file] = state;
  return state;
}

/// A fence's name as lang.map spells them: lower case; nothing else is
/// looked up (a name with a slash, a space or over 32 bytes has no language).
bool normalise(const char *language, std::string &name) {
  for (const char *c = language; *c; ++c) {
    unsigned char byte = static_cast<unsigned char>(*c);
    if (name.size() >= 32 || !(isalnum(byte) || strchr("+#_-.", byte))) return false;
    name += char(tolower(byte));
  }
  return !name.empty();
}

void highlightLines(srchilite::SourceHighlighter &highlighter, Collector &collector, const char *text,
                    size_t length) {
  size_t start = 0;
  while (start <= length) {
    const char *end = static_cast<const char *>(memchr(text + start, '\n', length - start));
    size_t stop = end ? size_t(end - text) : length;
    collector.position = start;
    highlighter.highlightParagraph(std::string(text + start, stop - start));
    if (!end) break;
    start = stop + 1;
  }
}

}  // namespace

wf_highlight_kind wf_highlight_kind_of(const char *name) {
  for (const auto &element : elementKinds) {
    if (strcmp(element.name, name) == 0) return element.kind;
  }
  return WF_HIGHLIGHT_PLAIN;
}

int wf_highlight_knows(const char *language) {
  std::string name;
  if (!normalise(language, name)) return 0;
  std::lock_guard<std::mutex> guard(lock);
  return definition(name) ? 1 : 0;
}

wf_highlight_status wf_highlight(const char *language, const char *text, size_t length,
                                           wf_highlight_span **spans, size_t *count) {
  *spans = nullptr;
  *count = 0;
  std::string name;
  if (!normalise(language, name)) return WF_HIGHLIGHT_UNKNOWN_LANGUAGE;
  if (length > UINT32_MAX) return WF_HIGHLIGHT_TOO_LARGE;
  size_t lineStart = 0;
  for (size_t index = 0; index <= length; ++index) {
    if (index == length || text[index] == '\n') {
      if (index - lineStart > WF_HIGHLIGHT_MAXIMUM_LINE) return WF_HIGHLIGHT_TOO_LARGE;
      lineStart = index + 1;
    }
  }
  std::lock_guard<std::mutex> guard(lock);
  srchilite::HighlightStatePtr state = definition(name);
  if (!state) return WF_HIGHLIGHT_UNKNOWN_LANGUAGE;
  try {
    collector.spans.clear();
    srchilite::SourceHighlighter highlighter(state);
    highlighter.setFormatterManager(&formatters());
    srchilite::FormatterParams params;
    highlighter.setFormatterParams(&params);
    highlightLines(highlighter, collector, text, length);
    size_t bytes = collector.spans.size() * sizeof(wf_highlight_span);
    auto *copy = static_cast<wf_highlight_span *>(malloc(bytes ? bytes : 1));
    if (!copy) return WF_HIGHLIGHT_FAILED;
    if (bytes) memcpy(copy, collector.spans.data(), bytes);
    *spans = copy;
    *count = collector.spans.size();
    return WF_HIGHLIGHT_OK;
  } catch (...) {
    return WF_HIGHLIGHT_FAILED;
  }
}

void wf_highlight_free(wf_highlight_span *spans) { free(spans); }
