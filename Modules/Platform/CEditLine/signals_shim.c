#include "CEditLine.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t interrupt_count = 0;
static volatile sig_atomic_t resized = 0;
static int wake_descriptor = -1;
static pthread_t reader_thread;
static volatile sig_atomic_t has_reader = 0;

static void on_interrupt(int signo) {
  int saved = errno;
  // Signal masks are not a reliable way to steer SIGINT here (the runtime's
  // threads may unblock it), so a handler on any other thread passes the
  // signal on: the reader must see EINTR to abandon the line it is reading.
  if (has_reader && !pthread_equal(pthread_self(), reader_thread)) {
    pthread_kill(reader_thread, signo);
    errno = saved;
    return;
  }
  interrupt_count++;
  if (wake_descriptor >= 0) {
    char byte = 'i';
    (void)write(wake_descriptor, &byte, 1);
  }
  errno = saved;
}

static void on_resize(int signo) {
  int saved = errno;
  // As for SIGINT: a resize that lands on another thread is passed to the
  // reader, whose read must be interrupted to redraw at the new size.
  if (has_reader && !pthread_equal(pthread_self(), reader_thread)) {
    pthread_kill(reader_thread, signo);
    errno = saved;
    return;
  }
  resized = 1;
  errno = saved;
}

static void fill_mask(sigset_t *set) {
  sigemptyset(set);
  sigaddset(set, SIGINT);
  sigaddset(set, SIGWINCH);
}

void wf_signals_block(void) {
  sigset_t set;
  fill_mask(&set);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  signal(SIGPIPE, SIG_IGN);
}

int wf_signals_install(int wake_fd) {
  wake_descriptor = wake_fd;
  reader_thread = pthread_self();
  has_reader = 1;

  struct sigaction interrupt;
  memset(&interrupt, 0, sizeof interrupt);
  interrupt.sa_handler = on_interrupt;
  sigemptyset(&interrupt.sa_mask);
  interrupt.sa_flags = 0; // no SA_RESTART: a blocking read must return EINTR
  if (sigaction(SIGINT, &interrupt, NULL) != 0) return -1;

  struct sigaction resize;
  memset(&resize, 0, sizeof resize);
  resize.sa_handler = on_resize;
  sigemptyset(&resize.sa_mask);
  resize.sa_flags = 0; // no SA_RESTART: the line reader hears of a resize at once, to redraw a map

  if (sigaction(SIGWINCH, &resize, NULL) != 0) return -1;

  signal(SIGPIPE, SIG_IGN);
  sigset_t set;
  fill_mask(&set);
  return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

unsigned long wf_signals_interrupt_count(void) { return (unsigned long)interrupt_count; }

int wf_signals_take_resize(void) {
  if (!resized) return 0;
  resized = 0;
  return 1;
}

static struct termios original_terminal;
static volatile sig_atomic_t has_original_terminal = 0;
static int termination_descriptor = -1;
// Written once a signal is handed over, for a blocking wait to poll next to its descriptor.
static int stop_notice[2] = {-1, -1};
static volatile sig_atomic_t termination_taken = 0; // the signal handed over, once one was

static volatile sig_atomic_t bracketed_paste = 0;
static const char paste_on[] = "\033[?2004h";
static const char paste_off[] = "\033[?2004l";

// Async-signal-safe: one write.
static void write_paste_mode(int on) {
  if (on) {
    (void)!write(STDOUT_FILENO, paste_on, sizeof paste_on - 1);
  } else {
    (void)!write(STDOUT_FILENO, paste_off, sizeof paste_off - 1);
  }
}

void wf_terminal_set_bracketed_paste(int on) {
  if (!isatty(STDOUT_FILENO) || bracketed_paste == (on != 0)) return;
  bracketed_paste = on != 0;
  write_paste_mode(on);
}

void wf_terminal_exit(int signo) {
  // Only async-signal-safe calls: write, tcsetattr and _exit. Whatever
  // libedit or a password prompt had switched off (echo, canonical input)
  // comes back, and the shell gets no paste markers.
  if (bracketed_paste) write_paste_mode(0);
  if (has_original_terminal) (void)tcsetattr(STDIN_FILENO, TCSANOW, &original_terminal);
  _exit(128 + signo);
}

static void on_termination(int signo) {
  // The first SIGTERM or SIGHUP goes to the app when it asked for them (to
  // stop what runs and keep what it made); SIGQUIT, a second signal, or no
  // one listening: out at once.
  if (signo != SIGQUIT && termination_descriptor >= 0 && !termination_taken) {
    int saved = errno;
    termination_taken = signo;
    unsigned char byte = (unsigned char)signo;
    (void)write(termination_descriptor, &byte, 1);
    if (stop_notice[1] >= 0) (void)write(stop_notice[1], &byte, 1);
    errno = saved;
    return;
  }
  wf_terminal_exit(signo);
}

void wf_signals_deliver_termination(int fd) { termination_descriptor = fd; }

int wf_signals_handed_over(void) { return (int)termination_taken; }

static void fill_termination_mask(sigset_t *set) {
  sigemptyset(set);
  const int signals[] = {SIGTERM, SIGHUP, SIGQUIT, SIGINT};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(set, signals[i]);
}

int wf_signals_stop_notice(void) { return stop_notice[0]; }

void wf_signals_deliver_interrupt_too(void) {
  if (stop_notice[0] < 0 && pipe(stop_notice) == 0) {
    for (int i = 0; i < 2; i++) (void)fcntl(stop_notice[i], F_SETFD, FD_CLOEXEC);
  }
  struct sigaction stop;
  memset(&stop, 0, sizeof stop);
  stop.sa_handler = on_termination;
  fill_termination_mask(&stop.sa_mask);
  (void)sigaction(SIGINT, &stop, NULL);
}

static void install_suspend_handler(void);

// Ctrl-Z: give the shell the terminal as it was at launch, stop, and on
// `fg` put back the modes in force before (libedit's raw mode, or no echo
// at a password prompt: without this a password typed after `fg` showed).
static void on_suspend(int signo) {
  int saved = errno;
  struct termios current;
  int has_current = tcgetattr(STDIN_FILENO, &current) == 0;
  int pasting = bracketed_paste;
  if (pasting) write_paste_mode(0);
  (void)tcsetattr(STDIN_FILENO, TCSADRAIN, &original_terminal);
  signal(signo, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signo);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  raise(signo);  // stops the process here until SIGCONT
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  install_suspend_handler();
  if (has_current) (void)tcsetattr(STDIN_FILENO, TCSADRAIN, &current);
  if (pasting) write_paste_mode(1);
  errno = saved;
}

static void install_suspend_handler(void) {
  struct sigaction suspend;
  memset(&suspend, 0, sizeof suspend);
  suspend.sa_handler = on_suspend;
  sigemptyset(&suspend.sa_mask);
  suspend.sa_flags = SA_RESTART;
  (void)sigaction(SIGTSTP, &suspend, NULL);
}

int wf_terminal_set_echo(int on) {
  struct termios modes;
  if (tcgetattr(STDIN_FILENO, &modes) != 0) return -1;
  if (on) {
    modes.c_lflag |= ECHO;
  } else {
    modes.c_lflag &= ~(tcflag_t)ECHO;
  }
  return tcsetattr(STDIN_FILENO, TCSANOW, &modes);
}

void wf_terminal_restore(void) {
  wf_terminal_set_bracketed_paste(0);
  if (has_original_terminal) (void)tcsetattr(STDIN_FILENO, TCSADRAIN, &original_terminal);
}

void wf_signals_restore_terminal_on_exit(void) {
  if (tcgetattr(STDIN_FILENO, &original_terminal) == 0) {
    has_original_terminal = 1;
    install_suspend_handler();
  }
  struct sigaction termination;
  memset(&termination, 0, sizeof termination);
  termination.sa_handler = on_termination;
  fill_termination_mask(&termination.sa_mask);
  const int signals[] = {SIGTERM, SIGHUP, SIGQUIT};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    (void)sigaction(signals[i], &termination, NULL);
  }
}
