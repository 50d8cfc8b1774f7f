// Typed, non-variadic wrappers around libcurl. Swift cannot call
// curl_easy_setopt, curl_easy_getinfo or curl_multi_setopt (variadic); each
// argument kind gets its own function here.
#ifndef WAYFARER_CCURL_H
#define WAYFARER_CCURL_H

#include <curl/curl.h>

typedef size_t (*wf_curl_data_fn)(char *_Nonnull data, size_t size, size_t count, void *_Nullable context);

CURLcode wf_curl_setopt_long(CURL *_Nonnull handle, CURLoption option, long value);
CURLcode wf_curl_setopt_offset(CURL *_Nonnull handle, CURLoption option, curl_off_t value);
CURLcode wf_curl_setopt_string(CURL *_Nonnull handle, CURLoption option, const char *_Nullable value);
CURLcode wf_curl_setopt_pointer(CURL *_Nonnull handle, CURLoption option, void *_Nullable value);
CURLcode wf_curl_setopt_list(CURL *_Nonnull handle, CURLoption option, struct curl_slist *_Nullable value);
CURLcode wf_curl_setopt_data_function(CURL *_Nonnull handle, CURLoption option, wf_curl_data_fn _Nullable fn);

CURLcode wf_curl_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value);
CURLcode wf_curl_getinfo_double(CURL *_Nonnull handle, CURLINFO info, double *_Nonnull value);
CURLcode wf_curl_getinfo_pointer(CURL *_Nonnull handle, CURLINFO info, void *_Nullable *_Nonnull value);

CURLMcode wf_curl_multi_setopt_long(CURLM *_Nonnull multi, CURLMoption option, long value);

/// Whether curl_global_init may be called once threads run
/// (CURL_VERSION_THREADSAFE; CURLVERSION_NOW is a macro Swift cannot see).
int wf_curl_init_is_threadsafe(void);

/// The result of a finished transfer from a CURLMSG_DONE message.
CURLcode wf_curl_message_result(const CURLMsg *_Nonnull message);

#endif
