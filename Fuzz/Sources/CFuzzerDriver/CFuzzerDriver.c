// The driver itself comes from libFuzzer (-sanitize=fuzzer); this target only declares it.
#include "CFuzzerDriver.h"
