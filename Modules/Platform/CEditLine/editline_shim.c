#include "CEditLine.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <wchar.h>
#include <string.h>
#include <unistd.h>

EditLine *wf_el_open(const char *program) {
  // libedit edits multibyte text byte by byte unless LC_CTYPE is UTF-8.
  const char *set = setlocale(LC_CTYPE, "");
  if (set == NULL || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
    setlocale(LC_CTYPE, "C.UTF-8");
  }
  return el_init(program, stdin, stdout, stderr);
}

void wf_el_close(EditLine *el) { el_end(el); }
int wf_el_set_prompt(EditLine *el, wf_prompt_fn prompt) { return el_set(el, EL_PROMPT, prompt); }
int wf_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
int wf_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
int wf_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
int wf_el_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

void *wf_el_get_client_data(EditLine *el) {
  void *data = NULL;
  if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
  return data;
}

// libedit keeps the name and help it is given for as long as the EditLine
// lives. Its narrow el_set(EL_ADDFN) makes wide copies that el_end never
// frees (AddressSanitizer reports them), so the wide copies are made here,
// once per name, and kept for the process: they are few and small.
#define WF_MAX_FUNCTIONS 8
static wchar_t *function_texts[WF_MAX_FUNCTIONS * 2];
static int function_count = 0;

static wchar_t *wide_copy(const char *text) {
  size_t length = mbstowcs(NULL, text, 0);
  if (length == (size_t)-1) return NULL;
  wchar_t *copy = calloc(length + 1, sizeof(wchar_t));
  if (copy != NULL) mbstowcs(copy, text, length + 1);
  return copy;
}

int wf_el_add_function(EditLine *el, const char *name, const char *help, wf_command_fn fn) {
  wchar_t *wide_name = NULL;
  wchar_t *wide_help = NULL;
  for (int i = 0; i < function_count; i++) {
    char buffer[256];
    if (wcstombs(buffer, function_texts[2 * i], sizeof buffer) != (size_t)-1 && strcmp(buffer, name) == 0) {
      wide_name = function_texts[2 * i];
      wide_help = function_texts[2 * i + 1];
    }
  }
  if (wide_name == NULL) {
    if (function_count >= WF_MAX_FUNCTIONS) return -1;
    wide_name = wide_copy(name);
    wide_help = wide_copy(help);
    if (wide_name == NULL || wide_help == NULL) {
      free(wide_name);
      free(wide_help);
      return -1;
    }
    function_texts[2 * function_count] = wide_name;
    function_texts[2 * function_count + 1] = wide_help;
    function_count++;
  }
  return el_wset(el, EL_ADDFN, wide_name, wide_help, fn);
}

int wf_el_bind_key(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, key, command, NULL);
}

int wf_el_source_default(EditLine *el) { return el_source(el, NULL); }

History *wf_history_open(void) { return history_init(); }
void wf_history_close(History *h) { history_end(h); }

int wf_history_set_size(History *h, int size) {
  HistEvent ev;
  return history(h, &ev, H_SETSIZE, size);
}

int wf_history_set_unique(History *h, int unique) {
  HistEvent ev;
  return history(h, &ev, H_SETUNIQUE, unique);
}

int wf_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}

int wf_history_load(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_LOAD, path);
}

int wf_history_save(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_SAVE, path);
}

int wf_history_clear(History *h) {
  HistEvent ev;
  return history(h, &ev, H_CLEAR);
}

int wf_history_count(History *h) {
  HistEvent ev;
  if (history(h, &ev, H_GETSIZE) < 0) return 0;
  return ev.num;
}
