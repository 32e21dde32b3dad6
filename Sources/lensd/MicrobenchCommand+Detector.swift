import ArgumentParser
import Benchmarking
import Foundation
import Inference
import TextDetection

extension MicrobenchCommand {
    /// `lensd microbench detector`: what the text detector costs per frame of a recording at each
    /// scale the locator uses, on one thread, every tile of the frame run.
    struct Detector: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Milliseconds per frame of the text detector at each scale, every tile run, on one thread.",
            discussion: """
                Each scale runs the network over the whole frame in the locator's tiles (the input the \
                network sees is the frame resized by the scale); the figures are the median, minimum \
                and maximum over --runs of the mean per frame, with the network's input pixels and the \
                boxes found per frame.
                """)

        @OptionGroup var recording: RecordingOptions

        @Option(help: "Scales of the frame the network sees, comma separated.")
        var scales = "0.5,1,2"

        @Option(help: "Frames of the recording measured at most.")
        var frames = 8

        @Option(name: .customLong("det-model"), help: "The detector model (default: the installed one).")
        var modelPath: String?

        @Option(name: .customLong("inference-runtime"), help: "The inference runtime's folder (default: the installed one).")
        var runtimePath: String?

        func run() throws {
            let frames = Array(try recording.frames().prefix(max(1, self.frames)))
            let parsed = scales.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0 > 0 && $0 <= 4 }) else {
                throw ValidationError("--scales: give scales between 0 and 4, comma separated (\(scales))")
            }
            let detector: TextDetector
            do {
                let runtime = try InferenceRuntime.load(directory: InferenceRuntime.resolveDirectory(explicit: runtimePath))
                detector = try TextDetector(runtime: runtime, modelPath: DetectorModel.resolve(explicit: modelPath))
            } catch let error as InferenceRuntimeError {
                throw ValidationError(error.description)
            } catch let error as DetectorError {
                throw ValidationError(error.description)
            }
            for scale in parsed {
                let (figure, milliseconds): (DetectorBenchmark.Figure, MicrobenchMilliseconds)
                do throws(DetectorError) {
                    (figure, milliseconds) = try DetectorBenchmark.run(frames: frames, detector: detector, scale: scale, runs: recording.runs)
                } catch {
                    throw ValidationError(error.description)
                }
                if recording.json {
                    Microbench.printJSON(figure)
                } else {
                    print(figure.benchmark + String(
                        format: " at scale %g: median %.0f ms a frame (min %.0f, max %.0f; %d runs of %d frames), %d network pixels in %d runs, %.1f boxes",
                        scale, figure.medianMilliseconds, figure.minimumMilliseconds, figure.maximumMilliseconds,
                        milliseconds.runs, frames.count, figure.inputPixelsPerFrame, figure.networkRunsPerFrame, figure.boxesPerFrame))
                }
            }
        }
    }
}
