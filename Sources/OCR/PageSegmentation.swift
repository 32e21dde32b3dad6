import CTesseract

/// How Tesseract should look for text in an image (its page segmentation mode).
public enum PageSegmentation: String, Sendable, CaseIterable {
    /// `PSM_AUTO` (3): fully automatic layout analysis; suits documents and receipts.
    case auto
    /// `PSM_SINGLE_BLOCK` (6): one uniform block of text.
    case singleBlock = "block"
    /// `PSM_SINGLE_LINE` (7): the image is one line of text; suits cropped price lines.
    case singleLine = "line"
    /// `PSM_SPARSE_TEXT` (11): as much text as possible in no particular order; suits camera frames.
    case sparseText = "sparse"

    var tesseractMode: TessPageSegMode {
        switch self {
        case .auto: PSM_AUTO
        case .singleBlock: PSM_SINGLE_BLOCK
        case .singleLine: PSM_SINGLE_LINE
        case .sparseText: PSM_SPARSE_TEXT
        }
    }
}
