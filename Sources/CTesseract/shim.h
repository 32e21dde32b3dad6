#ifndef LENSD_CTESSERACT_SHIM_H
#define LENSD_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
