import Capture
import Foundation
import OCR

/// ocr-steps [--set NAME=VALUE]... [--full-frame] [--no-normalise] [--no-polarity] [--no-rescale] [--no-deskew] [--target-height N] [--max-upscale-percent N] [--edge-threshold N] [--lines] [--boxes [--keep-edges]] [--crop-costs] [--region X,Y,W,H] IMAGE...
///
/// Reads each image with the region front-end (or whole-frame PSM 11 with --full-frame) and prints
/// milliseconds per image for each step, summed over all images; --lines prints the text read,
/// --boxes prints the proposals as JSON lines (for drawing); --keep-edges keeps the lines cut by
/// the image's edge, as a live run does (it follows them until they are whole); --set sets a
/// Tesseract variable on the engine (`TessBaseAPISetVariable`) to measure its effect.
var arguments = Array(CommandLine.arguments.dropFirst())
var tesseractVariables: [(String, String)] = []
while let index = arguments.firstIndex(of: "--set"), index + 1 < arguments.count {
    let setting = arguments[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
    arguments.removeSubrange(index...(index + 1))
    guard setting.count == 2 else {
        FileHandle.standardError.write(Data("ocr-steps: --set takes NAME=VALUE\n".utf8))
        exit(2)
    }
    tesseractVariables.append((setting[0], setting[1]))
}
@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}
let fullFrame = flag("--full-frame")
let printLines = flag("--lines")
let printBoxes = flag("--boxes")
let keepsLinesAtEdges = flag("--keep-edges")
let printCropCosts = flag("--crop-costs")
var options = RegionOptions()
options.normalizesContrast = !flag("--no-normalise")
options.detectsPolarity = !flag("--no-polarity")
options.rescales = !flag("--no-rescale")
options.deskews = !flag("--no-deskew")
@MainActor func textValue(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
@MainActor func value(_ name: String) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else { return nil }
    arguments.removeSubrange(index...(index + 1))
    return number
}
/// One box to read as one line, as lensd reads a proposed line or a crop around a price.
let readRegion: OCRRect? = textValue("--region").flatMap { text in
    let numbers = text.split(separator: ",").compactMap { Int($0) }
    return numbers.count == 4 ? OCRRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) : nil
}
if let target = value("--target-height") { options.targetTextHeight = target }
if let upscale = value("--max-upscale-percent") { options.maximumUpscale = Double(upscale) / 100 }
if let threshold = value("--edge-threshold") { options.edgeThreshold = threshold }
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: ocr-steps [--set NAME=VALUE]... [--full-frame] [--no-normalise] [--no-polarity] [--no-rescale] [--no-deskew] [--target-height N] [--max-upscale-percent N] [--edge-threshold N] [--lines] [--boxes [--keep-edges]] [--crop-costs] [--region X,Y,W,H] IMAGE...\n".utf8))
    exit(2)
}

// libgomp reads OMP_THREAD_LIMIT when it loads, before main: unset, Tesseract's OpenMP threads compete
// with each other on a small machine (OCR several times slower here), so every figure would mislead.
// Any value set on purpose is taken (to measure OpenMP itself).
guard TesseractEngine.openMPThreadLimit != nil else {
    FileHandle.standardError.write(Data("ocr-steps: set OMP_THREAD_LIMIT (1, as lensd runs Tesseract): OMP_THREAD_LIMIT=1 ocr-steps IMAGE...\n".utf8))
    exit(2)
}

/// CPU time of the calling thread, in milliseconds: unlike wall time, hardly changed by other processes on the CPU.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) * 1e-15
}

do {
    let engine = try TesseractEngine(configuration: OCRConfiguration(pageSegmentation: .sparseText))
    for (name, value) in tesseractVariables where !engine.setVariable(name, value) {
        FileHandle.standardError.write(Data("ocr-steps: Tesseract has no variable \(name)\n".utf8))
        exit(2)
    }
    let recognizer = RegionRecognizer(configuration: options)
    let detector = TextRegionDetector(options: options)
    let clock = ContinuousClock()
    var total: Duration = .zero
    var cpu = 0.0
    var images = 0
    for path in arguments {
        let image = try ImageLoader.loadLuma(path: path)
        if printBoxes {
            let regions = image.luma.withUnsafeBufferPointer {
                detector.detect(luma: $0, width: image.width, height: image.height, stride: image.width, keepingLinesAtEdges: keepsLinesAtEdges)
            }
            for region in regions {
                print("{\"image\":\"\(path)\",\"x\":\(region.box.x),\"y\":\(region.box.y),\"w\":\(region.box.width),\"h\":\(region.box.height),\"level\":\(region.level)}")
            }
        }
        if printCropCosts {
            let preprocessor = LinePreprocessor(options: options)
            engine.setPageSegmentation(.singleLine)
            let regions = image.luma.withUnsafeBufferPointer {
                detector.detect(luma: $0, width: image.width, height: image.height, stride: image.width)
            }
            for region in regions {
                guard let crop = image.luma.withUnsafeBufferPointer({
                    preprocessor.prepare(luma: $0, width: image.width, height: image.height, stride: image.width, box: region.box)
                }) else { continue }
                let before = threadCPUMilliseconds()
                let read = try engine.recognize(luma: preprocessor.pixels, width: crop.width, height: crop.height, stride: crop.width)
                print(String(format: "crop %dx%d  %.2f ms  %@", crop.width, crop.height, threadCPUMilliseconds() - before, read.map(\.text).joined(separator: " / ")))
            }
            engine.setPageSegmentation(.sparseText)
        }
        if let readRegion {
            let lines = try image.luma.withUnsafeBufferPointer { (luma) throws(OCRError) in try recognizer.read(
                luma: luma, width: image.width, height: image.height, stride: image.width,
                regions: [TextRegion(box: readRegion, level: 0)], using: engine) }
            print("\(path)\tregion \(readRegion.x),\(readRegion.y),\(readRegion.width)x\(readRegion.height)\t\(lines.map { "\($0.text) (\(Int($0.confidence * 100)))" })")
            continue
        }
        let started = clock.now
        let cpuStarted = threadCPUMilliseconds()
        let lines = fullFrame
            ? try engine.recognize(luma: image.luma, width: image.width, height: image.height, stride: image.width)
            : try recognizer.recognize(luma: image.luma, width: image.width, height: image.height, stride: image.width, using: engine)
        total += started.duration(to: clock.now)
        cpu += threadCPUMilliseconds() - cpuStarted
        images += 1
        if printLines {
            for line in lines {
                let words = line.words.map { "\($0.text)@\($0.box.x),\($0.box.y),\($0.box.width)x\($0.box.height)" }.joined(separator: " ")
                print("\(path)\t\(line.box.x),\(line.box.y),\(line.box.width)x\(line.box.height)\t\(Int(line.confidence * 100))\t\(line.text)\t\(words)")
            }
        }
    }
    let count = Double(max(images, 1))
    let timings = recognizer.timings
    var report = String(format: "images %d  cpu %.1f ms/image  wall %.1f ms/image", images, cpu / count, milliseconds(total) / count)
    if !fullFrame {
        report += String(
            format: "  regions %.1f/image  proposals %.2f  deskew %.2f  rescale %.2f  normalisation %.2f  polarity %.2f  ocr %.1f ms/image",
            Double(timings.regions) / count, milliseconds(timings.proposals) / count, milliseconds(timings.deskew) / count,
            milliseconds(timings.rescale) / count,
            milliseconds(timings.normalisation) / count, milliseconds(timings.polarity) / count, milliseconds(timings.ocr) / count)
    }
    print(report)
} catch {
    FileHandle.standardError.write(Data("ocr-steps: \(error)\n".utf8))
    exit(1)
}
