import Testing
@testable import OCR
