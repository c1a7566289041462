#ifndef INTERLUDE_MHD_ERROR_PAGES_H
#define INTERLUDE_MHD_ERROR_PAGES_H

#include <stddef.h>

struct MHD_Response;

/// Makes the response that replaces one of libmicrohttpd's own HTML error pages (`length` bytes at
/// `page`); NULL keeps the page.
typedef struct MHD_Response *(*interlude_mhd_error_page_replacement)(const char *page, size_t length);

/// From now on, each error page libmicrohttpd makes for a request it cannot parse goes to `replacement`.
void interlude_replace_mhd_error_pages(interlude_mhd_error_page_replacement replacement);

#endif
