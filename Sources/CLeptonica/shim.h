#ifndef LENSD_CLEPTONICA_SHIM_H
#define LENSD_CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>
#endif
