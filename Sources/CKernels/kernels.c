// CKernels is header only (`include/kernels.h`, every function `static inline`, inlined into its
// Swift callers). A C target needs a source file: this one compiles the header once more with
// the package's C warnings, so that a mistake in it shows in the build.
#include "kernels.h"
