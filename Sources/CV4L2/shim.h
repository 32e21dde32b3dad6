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

static const unsigned int lensd_cap_video_capture = V4L2_CAP_VIDEO_CAPTURE;
static const unsigned int lensd_cap_video_capture_mplane = V4L2_CAP_VIDEO_CAPTURE_MPLANE;
static const unsigned int lensd_cap_streaming = V4L2_CAP_STREAMING;
static const unsigned int lensd_cap_device_caps = V4L2_CAP_DEVICE_CAPS;
static const unsigned int lensd_fmt_flag_emulated = V4L2_FMT_FLAG_EMULATED;
static const unsigned int lensd_ctrl_flag_disabled = V4L2_CTRL_FLAG_DISABLED;
static const unsigned int lensd_buf_flag_timestamp_mask = V4L2_BUF_FLAG_TIMESTAMP_MASK;
static const unsigned int lensd_buf_flag_timestamp_monotonic = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
static const unsigned int lensd_buf_flag_error = V4L2_BUF_FLAG_ERROR;

/* Pixel formats are built by the function-like v4l2_fourcc macro, which Swift cannot import. */
static const unsigned int lensd_pix_fmt_grey = V4L2_PIX_FMT_GREY;
static const unsigned int lensd_pix_fmt_yuyv = V4L2_PIX_FMT_YUYV;
static const unsigned int lensd_pix_fmt_yvyu = V4L2_PIX_FMT_YVYU;
static const unsigned int lensd_pix_fmt_uyvy = V4L2_PIX_FMT_UYVY;
static const unsigned int lensd_pix_fmt_vyuy = V4L2_PIX_FMT_VYUY;
static const unsigned int lensd_pix_fmt_yuv420 = V4L2_PIX_FMT_YUV420;
static const unsigned int lensd_pix_fmt_yvu420 = V4L2_PIX_FMT_YVU420;
static const unsigned int lensd_pix_fmt_yuv422p = V4L2_PIX_FMT_YUV422P;
static const unsigned int lensd_pix_fmt_nv12 = V4L2_PIX_FMT_NV12;
static const unsigned int lensd_pix_fmt_nv21 = V4L2_PIX_FMT_NV21;
static const unsigned int lensd_pix_fmt_nv16 = V4L2_PIX_FMT_NV16;
static const unsigned int lensd_pix_fmt_nv61 = V4L2_PIX_FMT_NV61;
static const unsigned int lensd_pix_fmt_mjpeg = V4L2_PIX_FMT_MJPEG;
static const unsigned int lensd_pix_fmt_rgb24 = V4L2_PIX_FMT_RGB24;

#endif
