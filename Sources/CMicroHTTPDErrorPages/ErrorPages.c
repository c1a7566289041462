// libmicrohttpd 0.9.75 answers a request it cannot parse itself, before any handler runs: its
// internal transmit_error_response makes the answer from a static HTML page with
// MHD_create_response_from_buffer(length, page, MHD_RESPMEM_PERSISTENT) and queues it. The library
// calls that exported function through its procedure linkage table, so the definition below, linked
// into the program, is the one it reaches (ELF symbol interposition, as a program's own malloc
// replaces the C library's). It hands such a page to the replacement the HTTP server installed and
// passes every other call on, unchanged, to the library's function. docs/guarantees.md (item 16).

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include "CMicroHTTPDErrorPages.h"

typedef struct MHD_Response *(*create_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);

static _Atomic(interlude_mhd_error_page_replacement) replacement;

/// How every error page of the library begins (and no response of ours is made from a persistent buffer).
static const char page_start[] = "<html><head><title>";

void interlude_replace_mhd_error_pages(interlude_mhd_error_page_replacement installed) {
    atomic_store(&replacement, installed);
}

/// The library's own MHD_create_response_from_buffer: the next definition after this program's.
static create_from_buffer library_function(void) {
    static _Atomic(create_from_buffer) found;
    create_from_buffer function = atomic_load(&found);
    if (function == NULL) {
        function = (create_from_buffer)dlsym(RTLD_NEXT, "MHD_create_response_from_buffer");
        atomic_store(&found, function);
    }
    return function;
}

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    interlude_mhd_error_page_replacement replace = atomic_load(&replacement);
    if (replace != NULL && mode == MHD_RESPMEM_PERSISTENT && buffer != NULL && size >= sizeof page_start - 1
        && memcmp(buffer, page_start, sizeof page_start - 1) == 0) {
        struct MHD_Response *json = replace(buffer, size);
        if (json != NULL) return json;
    }
    create_from_buffer original = library_function();
    return original == NULL ? NULL : original(size, buffer, mode);
}
