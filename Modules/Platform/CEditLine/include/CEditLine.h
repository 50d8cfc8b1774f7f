// Typed, non-variadic wrappers around libedit and the signal plumbing the
// line reader needs. Swift cannot call el_set, el_get or history directly
// because they are variadic; each argument kind gets its own function here.
#ifndef WAYFARER_CEDITLINE_H
#define WAYFARER_CEDITLINE_H

#include <histedit.h>
#include <stdio.h>

typedef char *_Nullable (*wf_prompt_fn)(EditLine *_Nonnull);
typedef unsigned char (*wf_command_fn)(EditLine *_Nonnull, int);

// MARK: EditLine

/// Sets a UTF-8 LC_CTYPE (the environment's, else C.UTF-8) and opens libedit
/// on stdin/stdout/stderr. Returns NULL when libedit cannot start.
EditLine *_Nullable wf_el_open(const char *_Nonnull program);
void wf_el_close(EditLine *_Nonnull el);
int wf_el_set_prompt(EditLine *_Nonnull el, wf_prompt_fn _Nonnull prompt);
int wf_el_set_editor(EditLine *_Nonnull el, const char *_Nonnull mode);
int wf_el_set_signal(EditLine *_Nonnull el, int on);
int wf_el_set_history(EditLine *_Nonnull el, History *_Nonnull history);
int wf_el_set_client_data(EditLine *_Nonnull el, void *_Nullable data);
void *_Nullable wf_el_get_client_data(EditLine *_Nonnull el);
int wf_el_add_function(EditLine *_Nonnull el, const char *_Nonnull name,
                       const char *_Nonnull help, wf_command_fn _Nonnull fn);
int wf_el_bind_key(EditLine *_Nonnull el, const char *_Nonnull key,
                   const char *_Nonnull command);
/// Reads the user's ~/.editrc, if any, so personal key bindings apply.
int wf_el_source_default(EditLine *_Nonnull el);

// MARK: History

History *_Nullable wf_history_open(void);
void wf_history_close(History *_Nonnull h);
int wf_history_set_size(History *_Nonnull h, int size);
int wf_history_set_unique(History *_Nonnull h, int unique);
int wf_history_enter(History *_Nonnull h, const char *_Nonnull line);
int wf_history_load(History *_Nonnull h, const char *_Nonnull path);
int wf_history_save(History *_Nonnull h, const char *_Nonnull path);
int wf_history_clear(History *_Nonnull h);
int wf_history_count(History *_Nonnull h);

// MARK: Signals

/// Blocks SIGINT and SIGWINCH in the calling thread (and the threads it
/// starts later), so that only the reader thread receives them.
void wf_signals_block(void);
/// Unblocks them in the calling thread and installs handlers: SIGINT
/// interrupts blocking reads (no SA_RESTART) and writes a byte to wake_fd;
/// SIGWINCH is recorded and interrupts blocking reads too (EINTR), so a
/// resize is heard while a line is read. SIGPIPE is ignored.
int wf_signals_install(int wake_fd);
/// How many SIGINTs have arrived since launch.
unsigned long wf_signals_interrupt_count(void);
/// Returns 1 once after the terminal changed size.
int wf_signals_take_resize(void);
/// Remembers the terminal's settings as they are now (when standard input
/// is a terminal) and installs handlers for SIGTERM, SIGHUP and SIGQUIT that
/// put those settings back and end the process with status 128 + the
/// signal's number. On a terminal, Ctrl-Z (SIGTSTP) also hands the launch
/// settings back while stopped and re-applies the current ones on `fg`.
/// Call once at launch, before anything changes the modes.
void wf_signals_restore_terminal_on_exit(void);
/// Turns the terminal's echo of typed input on or off (standard input),
/// leaving every other mode as it is. Returns 0, or -1 off a terminal.
int wf_terminal_set_echo(int on);
/// Puts back the settings remembered by wf_signals_restore_terminal_on_exit,
/// for a normal exit (bracketed paste off too).
void wf_terminal_restore(void);
/// Turns the terminal's bracketed paste mode on (ESC [ ? 2004 h: a paste
/// arrives between ESC [ 200 ~ and ESC [ 201 ~) or off, when standard output
/// is a terminal. An exit by signal or a Ctrl-Z turns it off; `fg` turns it
/// back on.
void wf_terminal_set_bracketed_paste(int on);
/// From now on the first SIGTERM or SIGHUP writes its number (one byte) to
/// fd instead of ending the process; a second one, or SIGQUIT, still ends it.
void wf_signals_deliver_termination(int fd);
/// Makes SIGINT (Ctrl-C) one of the signals wf_signals_deliver_termination
/// hands over: the first of them is written to its fd, a second ends the
/// process. For a one-shot command that keeps what it made when stopped.
void wf_signals_deliver_interrupt_too(void);
/// A descriptor that becomes readable once a signal is handed over (after
/// wf_signals_deliver_interrupt_too), for a blocking wait to poll next to
/// its own; -1 before.
int wf_signals_stop_notice(void);
/// The signal wf_signals_deliver_termination handed over, or 0 before one
/// came; set in the handler, so a blocking read it interrupted can tell.
int wf_signals_handed_over(void);
/// Puts the launch settings back and ends the process at once with status
/// 128 + signo (async-signal-safe).
__attribute__((noreturn)) void wf_terminal_exit(int signo);

#endif
