import CTesseract
public enum OCRModule { static func f() { _ = TessVersion() } }
