
#include <sodium.h>

