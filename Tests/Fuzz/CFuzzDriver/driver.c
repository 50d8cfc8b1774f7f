#include "CFuzzDriver.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int replay_file(const char *path, wf_fuzz_callback callback) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    fprintf(stderr, "wayfarer-fuzz: cannot read %s\n", path);
    return 1;
  }
  size_t capacity = 4096, size = 0;
  uint8_t *bytes = malloc(capacity);
  size_t read;
  while (bytes != NULL && (read = fread(bytes + size, 1, capacity - size, file)) > 0) {
    size += read;
    if (size == capacity) {
      capacity *= 2;
      uint8_t *grown = realloc(bytes, capacity);
      if (grown == NULL) free(bytes);
      bytes = grown;
    }
  }
  fclose(file);
  if (bytes == NULL) return 1;
  callback(bytes, size);
  free(bytes);
  return 0;
}

static int replay(const char *path, wf_fuzz_callback callback, unsigned long *count) {
  struct stat info;
  if (stat(path, &info) != 0) {
    fprintf(stderr, "wayfarer-fuzz: no such file or folder: %s\n", path);
    return 1;
  }
  if (!S_ISDIR(info.st_mode)) {
    (*count)++;
    return replay_file(path, callback);
  }
  DIR *folder = opendir(path);
  if (folder == NULL) return 1;
  int failures = 0;
  struct dirent *entry;
  while ((entry = readdir(folder)) != NULL) {
    if (entry->d_name[0] == '.') continue;
    size_t length = strlen(path) + strlen(entry->d_name) + 2;
    char *child = malloc(length);
    if (child == NULL) break;
    snprintf(child, length, "%s/%s", path, entry->d_name);
    failures += replay(child, callback, count);
    free(child);
  }
  closedir(folder);
  return failures;
}

__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv, wf_fuzz_callback callback) {
  unsigned long count = 0;
  int failures = 0;
  for (int index = 1; index < *argc; index++) {
    const char *argument = (*argv)[index];
    if (argument[0] == '-') continue;  // libFuzzer's flags mean nothing here
    failures += replay(argument, callback, &count);
  }
  printf("wayfarer-fuzz: replayed %lu inputs (no libFuzzer in this build)\n", count);
  return failures == 0 ? 0 : 1;
}

// libFuzzer defines LLVMFuzzerMutate; the replayer does not.
extern size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max) __attribute__((weak));

int wf_fuzz_is_fuzzing(void) { return LLVMFuzzerMutate != NULL; }
