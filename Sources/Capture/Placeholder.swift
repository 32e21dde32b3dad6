import CLeptonica
import CV4L2
public enum CaptureModule { static func f() { _ = pixRead("x"); _ = lensd_cid_zoom_absolute } }
