import OCR

/// Reads one image on a worker's engine with the chosen ``OCRFrontEnd``.
struct FrameReader: Sendable {
    /// The recognizers of the regions front-end; `nil` reads the whole image in one pass of the engine.
    let regions: RegionRecognizerPool?

    func read(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, engine: TesseractEngine) throws(OCRError) -> [OCRLine] {
        guard let regions else { return try engine.recognize(luma: luma, width: width, height: height, stride: stride) }
        return try regions.withRecognizer { (recognizer) throws(OCRError) -> [OCRLine] in
            try recognizer.recognize(luma: luma, width: width, height: height, stride: stride, using: engine)
        }
    }
}
