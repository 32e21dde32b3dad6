#ifndef LENSD_CV4L2_SHIM_H
#define LENSD_CV4L2_SHIM_H

/* libv4l2's v4l2_open and v4l2_ioctl are variadic and the VIDIOC_* request
 * codes are macros; Swift can call neither. These static inline functions give
 * each request a typed, non-variadic entry point. */

#include <fcntl.h>
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

static inline int lensd_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int lensd_v4l2_close(int fd) { return v4l2_close(fd); }
static inline void *lensd_v4l2_mmap(void *start, size_t length, int prot, int flags, int fd, int64_t offset) {
    return v4l2_mmap(start, length, prot, flags, fd, offset);
}
static inline int lensd_v4l2_munmap(void *start, size_t length) { return v4l2_munmap(start, length); }

static inline int lensd_querycap(int fd, struct v4l2_capability *c) { return v4l2_ioctl(fd, VIDIOC_QUERYCAP, c); }
static inline int lensd_enum_fmt(int fd, struct v4l2_fmtdesc *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FMT, f); }
static inline int lensd_g_fmt(int fd, struct v4l2_format *f) { return v4l2_ioctl(fd, VIDIOC_G_FMT, f); }
static inline int lensd_s_fmt(int fd, struct v4l2_format *f) { return v4l2_ioctl(fd, VIDIOC_S_FMT, f); }
static inline int lensd_try_fmt(int fd, struct v4l2_format *f) { return v4l2_ioctl(fd, VIDIOC_TRY_FMT, f); }
static inline int lensd_enum_framesizes(int fd, struct v4l2_frmsizeenum *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FRAMESIZES, f); }
static inline int lensd_enum_frameintervals(int fd, struct v4l2_frmivalenum *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, f); }
static inline int lensd_g_parm(int fd, struct v4l2_streamparm *p) { return v4l2_ioctl(fd, VIDIOC_G_PARM, p); }
static inline int lensd_s_parm(int fd, struct v4l2_streamparm *p) { return v4l2_ioctl(fd, VIDIOC_S_PARM, p); }
static inline int lensd_reqbufs(int fd, struct v4l2_requestbuffers *r) { return v4l2_ioctl(fd, VIDIOC_REQBUFS, r); }
static inline int lensd_querybuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_QUERYBUF, b); }
static inline int lensd_qbuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_QBUF, b); }
static inline int lensd_dqbuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_DQBUF, b); }
static inline int lensd_streamon(int fd, int type) { return v4l2_ioctl(fd, VIDIOC_STREAMON, &type); }
static inline int lensd_streamoff(int fd, int type) { return v4l2_ioctl(fd, VIDIOC_STREAMOFF, &type); }
static inline int lensd_queryctrl(int fd, struct v4l2_queryctrl *q) { return v4l2_ioctl(fd, VIDIOC_QUERYCTRL, q); }
static inline int lensd_query_ext_ctrl(int fd, struct v4l2_query_ext_ctrl *q) { return v4l2_ioctl(fd, VIDIOC_QUERY_EXT_CTRL, q); }
static inline int lensd_g_ctrl(int fd, struct v4l2_control *c) { return v4l2_ioctl(fd, VIDIOC_G_CTRL, c); }
static inline int lensd_s_ctrl(int fd, struct v4l2_control *c) { return v4l2_ioctl(fd, VIDIOC_S_CTRL, c); }

static const unsigned int lensd_cid_zoom_absolute = V4L2_CID_ZOOM_ABSOLUTE;
static const unsigned int lensd_cid_flash_led_mode = V4L2_CID_FLASH_LED_MODE;
static const unsigned int lensd_flash_led_mode_torch = V4L2_FLASH_LED_MODE_TORCH;
static const unsigned int lensd_flash_led_mode_none = V4L2_FLASH_LED_MODE_NONE;
static const unsigned int lensd_ctrl_flag_next_ctrl = V4L2_CTRL_FLAG_NEXT_CTRL;

#endif
