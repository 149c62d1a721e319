/*
 * The generic FMU shim: exports the fmi2* functions and forwards them to the
 * Java slave. Only marshalling lives here.
 */
#include "fmi2.h"

const char *fmi2GetTypesPlatform(void) { return fmi2TypesPlatform; }

const char *fmi2GetVersion(void) { return fmi2Version; }
