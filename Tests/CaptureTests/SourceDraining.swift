@testable import Capture

/// Everything a source delivers until its end or a fatal error.
struct Drained {
    var frames: [Frame] = []
    var skipped: [ReplayError] = []
    var fatal: ReplayError?
}

func drain(_ source: any FrameSource) -> Drained {
    var result = Drained()
    do {
        while let event = try source.next() {
            switch event {
            case let .frame(frame): result.frames.append(frame)
            case let .skipped(error): result.skipped.append(error)
            }
        }
    } catch {
        result.fatal = error
    }
    return result
}
