import Capture
import Foundation
import Inference
import Testing
import TextDetection

/// The installed detector model and inference runtime (`packaging/install-models.sh`, part of
/// the README's setup command), or `LENSD_DET_MODEL` and `LENSD_RUNTIME`.
enum InstalledModel {
    static var path: String {
        DetectorModel.resolve(explicit: ProcessInfo.processInfo.environment["LENSD_DET_MODEL"])
    }

    static func runtime() throws -> InferenceRuntime {
        try InferenceRuntime.load(directory: InferenceRuntime.resolveDirectory(explicit: ProcessInfo.processInfo.environment["LENSD_RUNTIME"]))
    }

    static func detector() throws -> TextDetector {
        try TextDetector(runtime: runtime(), modelPath: path)
    }
}

/// A committed sample still (`samples/stills`) and its truth.
struct SampleStill {
    let luma: [UInt8]
    let width: Int
    let height: Int
    let prices: [(text: String, x: Double, y: Double, width: Double, height: Double)]

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/stills")

    init(_ file: String) throws {
        let image = try ImageLoader.loadLuma(path: Self.directory.appendingPathComponent(file).path)
        luma = image.luma
        width = image.width
        height = image.height
        struct Truth: Decodable {
            struct Image: Decodable {
                struct Price: Decodable {
                    struct Box: Decodable { var x, y, width, height: Double }
                    var text: String
                    var box: Box
                }
                var file: String
                var prices: [Price]
            }
            var images: [Image]
        }
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("truth.json"))
        let truth = try JSONDecoder().decode(Truth.self, from: data)
        let entry = try #require(truth.images.first { $0.file == file })
        prices = entry.prices.map { ($0.text, $0.box.x, $0.box.y, $0.box.width, $0.box.height) }
    }
}
