#ifndef REMINDC_CLIBCURL_SHIM_H
#define REMINDC_CLIBCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
   call: one typed wrapper per kind of value. */

static inline CURLcode remindc_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode remindc_curl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode remindc_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode remindc_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode remindc_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*remindc_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode remindc_curl_set_callback(CURL *handle, CURLoption option, remindc_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode remindc_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/* Macros with casts, which Swift does not import. */
static inline long remindc_curl_auth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long remindc_curl_auth_digest(void) { return (long)CURLAUTH_DIGEST; }
static inline long remindc_curl_global_all(void) { return (long)CURL_GLOBAL_ALL; }

#endif
