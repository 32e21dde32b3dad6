import CTextModels
import Foundation
import Inference

/// Finds text in 8-bit luma images with a trained DB ("differentiable binarization") detector:
/// the PP-OCRv4 detection model compiled by OpenVINO (``Inference/InferenceRuntime``), with
/// OpenCV's image operations around it, through the `lensd_text_detector_*` functions of the
/// `CTextModels` shim.
///
/// Holds one compiled network and its inference request, freed with the detector. Not
/// thread-safe: one per thread at a time (``TextDetectorPool``).
public final class TextDetector {
    private let handle: OpaquePointer
    /// Kept alive while the network compiled with it is.
    public let runtime: InferenceRuntime
    public let modelPath: String
    public let parameters: DBParameters
    /// Threads the network runs on, the caller's among them.
    public let threads: Int
    /// Room for boxes; grown when a detection finds more.
    private var boxes: [lensd_text_box] = Array(repeating: lensd_text_box(), count: 512)

    /// Compiles the model to run on `threads` threads and runs it once on a small input
    /// (`lensd_text_detector_open`).
    public init(runtime: InferenceRuntime, modelPath: String, parameters: DBParameters = .init(), threads: Int = 1) throws(DetectorError) {
        guard FileManager.default.fileExists(atPath: modelPath) else {
            throw .modelMissing(path: modelPath, installHint: DetectorModel.installCommand)
        }
        Self.limitThreads
        var message = [CChar](repeating: 0, count: 1024)
        guard let handle = lensd_text_detector_open(runtime.handle, modelPath, Int32(clamping: max(1, threads)), &message, message.count) else {
            throw .modelUnusable(path: modelPath, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
        self.runtime = runtime
        self.modelPath = modelPath
        self.parameters = parameters
        self.threads = max(1, threads)
    }

    deinit {
        lensd_text_detector_close(handle)
    }

    /// OpenCV's own thread pool is switched off once (`cv::setNumThreads(1)`): lensd runs one
    /// detection per OCR worker thread.
    private static let limitThreads: Void = lensd_text_detector_set_threads(1)

    /// Finds text in the whole image, resized to `inputWidth` x `inputHeight` (positive multiples of 32).
    public func detect(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, inputWidth: Int, inputHeight: Int
    ) throws(DetectorError) -> (boxes: [TextBox], cost: DetectionCost) {
        try check(luma: luma, width: width, height: height, stride: stride)
        var db = cParameters
        return try collect { boxes, capacity, cost, message, messageCapacity in
            lensd_text_detector_detect(
                handle, luma.baseAddress, Int32(width), Int32(height), Int32(stride), 1, Int32(inputWidth), Int32(inputHeight), &db,
                boxes, capacity, cost, message, messageCapacity)
        }
    }

    /// Finds text in the parts of the image that `regions` cover (all of it when empty), scaled by
    /// `scale`, in square tiles of `tileSize` network pixels overlapping by `tileMargin` on every
    /// side, stitched into one map (`lensd_text_detector_detect_tiles`). Boxes that reach a tile
    /// left out are marked ``TextBox/isCut``.
    public func detect(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, scale: Double, tileSize: Int, tileMargin: Int,
        regions: [PixelBox] = []
    ) throws(DetectorError) -> (boxes: [TextBox], cost: DetectionCost) {
        try check(luma: luma, width: width, height: height, stride: stride)
        var db = cParameters
        let rects = regions.map { lensd_rect(x: Int32(clamping: $0.x), y: Int32(clamping: $0.y), width: Int32(clamping: $0.width), height: Int32(clamping: $0.height)) }
        return try rects.withUnsafeBufferPointer { (rects) throws(DetectorError) -> (boxes: [TextBox], cost: DetectionCost) in
            try collect { boxes, capacity, cost, message, messageCapacity in
                lensd_text_detector_detect_tiles(
                    handle, luma.baseAddress, Int32(width), Int32(height), Int32(stride), 1, Float(scale), Int32(tileSize), Int32(tileMargin),
                    rects.baseAddress, Int32(rects.count), &db, boxes, capacity, cost, message, messageCapacity)
            }
        }
    }

    private var cParameters: lensd_db_parameters {
        lensd_db_parameters(
            binarize_threshold: Float(parameters.binarizeThreshold), box_threshold: Float(parameters.boxThreshold),
            unclip_ratio: Float(parameters.unclipRatio), max_candidates: Int32(clamping: parameters.maximumCandidates))
    }

    private func check(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) throws(DetectorError) {
        guard width > 0, height > 0, stride >= width, width <= Int(Int32.max), height <= Int(Int32.max), stride <= Int(Int32.max),
              luma.baseAddress != nil, luma.count >= stride * (height - 1) + width
        else { throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count) }
    }

    /// Runs a detection call, again with more room when the boxes did not fit.
    private func collect(
        _ call: (UnsafeMutablePointer<lensd_text_box>?, Int32, UnsafeMutablePointer<lensd_detection_cost>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(DetectorError) -> (boxes: [TextBox], cost: DetectionCost) {
        var message = [CChar](repeating: 0, count: 1024)
        var cost = lensd_detection_cost()
        var found: Int32 = 0
        while true {
            let capacity = boxes.count
            found = boxes.withUnsafeMutableBufferPointer { call($0.baseAddress, Int32(capacity), &cost, &message, message.count) }
            guard found > capacity else { break }
            boxes = Array(repeating: lensd_text_box(), count: Int(found))
        }
        guard found >= 0 else {
            throw .detectionFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var detectionCost = DetectionCost()
        detectionCost.network = .nanoseconds(cost.network_ns)
        detectionCost.postprocessing = .nanoseconds(cost.postprocess_ns)
        detectionCost.runs = Int(cost.runs)
        detectionCost.inputPixels = Int(cost.input_pixels)
        return (boxes.prefix(Int(found)).map(Self.box), detectionCost)
    }

    private static func box(_ raw: lensd_text_box) -> TextBox {
        let c = raw.corners
        return TextBox(
            topLeft: .init(x: Double(c.0), y: Double(c.1)), topRight: .init(x: Double(c.2), y: Double(c.3)),
            bottomRight: .init(x: Double(c.4), y: Double(c.5)), bottomLeft: .init(x: Double(c.6), y: Double(c.7)),
            score: Double(raw.score), isCut: raw.cut != 0)
    }

    /// Counts, per square cell of `cell` pixels, the pixels of strong luma gradient
    /// (`lensd_structure_cells`): where an image has structure text could be part of.
    public static func structure(
        luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, cell: Int, threshold: Int
    ) throws(DetectorError) -> StructureGrid {
        guard width > 0, height > 0, stride >= width, cell > 0, luma.baseAddress != nil, luma.count >= stride * (height - 1) + width else {
            throw .invalidImage(width: width, height: height, stride: stride, bytes: luma.count)
        }
        let columns = (width + cell - 1) / cell, rows = (height + cell - 1) / cell
        var counts = [Int32](repeating: 0, count: columns * rows)
        var message = [CChar](repeating: 0, count: 256)
        let status = counts.withUnsafeMutableBufferPointer {
            lensd_structure_cells(luma.baseAddress, Int32(width), Int32(height), Int32(stride), Int32(cell), Int32(threshold),
                                  $0.baseAddress, $0.count, &message, message.count)
        }
        guard status == 0 else {
            throw .detectionFailed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return StructureGrid(cell: cell, columns: columns, rows: rows, width: width, height: height, counts: counts.map(Int.init))
    }
}
