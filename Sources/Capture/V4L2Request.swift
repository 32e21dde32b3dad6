/// The V4L2 `ioctl(2)` requests lensd issues, one case per `VIDIOC_*` code.
///
/// The ``V4L2Interface`` maps each case to its request code and argument type (the C struct
/// named in the case's documentation), so fakes can answer requests by name.
public enum V4L2Request: String, Sendable, CaseIterable {
    /// `VIDIOC_QUERYCAP`, `struct v4l2_capability`.
    case queryCapability = "VIDIOC_QUERYCAP"
    /// `VIDIOC_ENUM_FMT`, `struct v4l2_fmtdesc`.
    case enumerateFormat = "VIDIOC_ENUM_FMT"
    /// `VIDIOC_G_FMT`, `struct v4l2_format`.
    case getFormat = "VIDIOC_G_FMT"
    /// `VIDIOC_S_FMT`, `struct v4l2_format`.
    case setFormat = "VIDIOC_S_FMT"
    /// `VIDIOC_ENUM_FRAMESIZES`, `struct v4l2_frmsizeenum`.
    case enumerateFrameSizes = "VIDIOC_ENUM_FRAMESIZES"
    /// `VIDIOC_ENUM_FRAMEINTERVALS`, `struct v4l2_frmivalenum`.
    case enumerateFrameIntervals = "VIDIOC_ENUM_FRAMEINTERVALS"
    /// `VIDIOC_G_PARM`, `struct v4l2_streamparm`.
    case getParameters = "VIDIOC_G_PARM"
    /// `VIDIOC_S_PARM`, `struct v4l2_streamparm`.
    case setParameters = "VIDIOC_S_PARM"
    /// `VIDIOC_REQBUFS`, `struct v4l2_requestbuffers`.
    case requestBuffers = "VIDIOC_REQBUFS"
    /// `VIDIOC_QUERYBUF`, `struct v4l2_buffer`.
    case queryBuffer = "VIDIOC_QUERYBUF"
    /// `VIDIOC_QBUF`, `struct v4l2_buffer`.
    case queueBuffer = "VIDIOC_QBUF"
    /// `VIDIOC_DQBUF`, `struct v4l2_buffer`.
    case dequeueBuffer = "VIDIOC_DQBUF"
    /// `VIDIOC_STREAMON`, a buffer type (`Int32`).
    case streamOn = "VIDIOC_STREAMON"
    /// `VIDIOC_STREAMOFF`, a buffer type (`Int32`).
    case streamOff = "VIDIOC_STREAMOFF"
    /// `VIDIOC_QUERYCTRL`, `struct v4l2_queryctrl`.
    case queryControl = "VIDIOC_QUERYCTRL"
    /// `VIDIOC_QUERY_EXT_CTRL`, `struct v4l2_query_ext_ctrl`.
    case queryExtendedControl = "VIDIOC_QUERY_EXT_CTRL"
    /// `VIDIOC_G_CTRL`, `struct v4l2_control`.
    case getControl = "VIDIOC_G_CTRL"
    /// `VIDIOC_S_CTRL`, `struct v4l2_control`.
    case setControl = "VIDIOC_S_CTRL"
}
