/* A minimal libmicrohttpd server for comparison: answers every POST with 202 and a small JSON body,
   after reading the request body. Same daemon flags as the Interlude gateway. */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

static const char *reply = "{\"id\":\"job_0000000000000000\",\"state\":\"queued\"}";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*state == NULL) { *state = (void *)1; return MHD_YES; }
    if (*upload_size != 0) { *upload_size = 0; return MHD_YES; }
    struct MHD_Response *response = MHD_create_response_from_buffer(strlen(reply), (void *)reply, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, 202, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 8099;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL, (uint16_t)port, NULL, NULL,
        &answer, NULL, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start on port %d\n", port); return 1; }
    printf("listening on %d\n", port);
    fflush(stdout);
    pause();
    MHD_stop_daemon(daemon);
    return 0;
}
