#include <myhtml/api.h>
