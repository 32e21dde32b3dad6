#ifndef LENSD_COPENCV_SHIM_H
#define LENSD_COPENCV_SHIM_H
/* OpenCV's compiler and linker flags (pkg-config opencv4) for the C++ detector target; its C++
   headers are included there, never from Swift. */
#endif
