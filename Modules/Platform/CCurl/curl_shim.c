#include "CCurl.h"

CURLcode wf_curl_setopt_long(CURL *handle, CURLoption option, long value) { return curl_easy_setopt(handle, option, value); }
CURLcode wf_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) { return curl_easy_setopt(handle, option, value); }
CURLcode wf_curl_setopt_string(CURL *handle, CURLoption option, const char *value) { return curl_easy_setopt(handle, option, value); }
CURLcode wf_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) { return curl_easy_setopt(handle, option, value); }
CURLcode wf_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) { return curl_easy_setopt(handle, option, value); }
CURLcode wf_curl_setopt_data_function(CURL *handle, CURLoption option, wf_curl_data_fn fn) { return curl_easy_setopt(handle, option, fn); }

CURLcode wf_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode wf_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode wf_curl_getinfo_pointer(CURL *handle, CURLINFO info, void **value) { return curl_easy_getinfo(handle, info, value); }

CURLMcode wf_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return curl_multi_setopt(multi, option, value); }

CURLcode wf_curl_message_result(const CURLMsg *message) { return message->data.result; }

int wf_curl_init_is_threadsafe(void) {
  const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info != NULL && (info->features & CURL_VERSION_THREADSAFE) != 0;
}
