
#include <zmq.h>

