import Inference
import TextDetection
import TextRecognition

/// Why the workers' trained models could not be loaded at start-up.
public enum ModelLoadError: Error, CustomStringConvertible {
    case runtime(InferenceRuntimeError)
    case detector(DetectorError)
    case recognizer(RecognizerError)

    public var description: String {
        switch self {
        case let .runtime(error): error.description
        case let .detector(error): error.description
        case let .recognizer(error): error.description
        }
    }
}
