/// Wraps a replay ``FrameSource`` so that it answers ``CaptureControls`` like a camera without
/// optical zoom: frames are centre-cropped by the digital zoom level before OCR. Zoom and torch
/// requests posted to ``controls`` are applied at the start of ``next()``, between two frames.
public final class DigitallyZoomedSource: FrameSource {
    private let source: any FrameSource
    /// The zoom and torch state and the channel requests reach this source by.
    public let controls: ReplayControls

    public init(_ source: any FrameSource) {
        self.source = source
        self.controls = ReplayControls(name: source.name)
    }

    public var name: String { source.name }
    public var nominalFrameRate: Double? { source.nominalFrameRate }

    public func next() throws(ReplayError) -> SourceEvent? {
        controls.applyRequests()
        guard let event = try source.next() else { return nil }
        guard case .frame(let frame) = event else { return event }
        let rect = CropRect.centred(width: frame.width, height: frame.height, level: controls.zoom().level)
        guard rect.width != frame.width || rect.height != frame.height else { return event }
        return .frame(Self.crop(frame, to: rect))
    }

    public func rewind() throws(ReplayError) {
        try source.rewind()
    }

    /// The `rect` part of `frame` (the frame unchanged should the rectangle not fit it).
    static func crop(_ frame: Frame, to rect: CropRect) -> Frame {
        var luma = [UInt8](repeating: 0, count: rect.width * rect.height)
        for row in 0..<rect.height {
            let from = (rect.y + row) * frame.stride + rect.x
            luma.replaceSubrange(row * rect.width..<(row + 1) * rect.width,
                                 with: frame.luma[from..<from + rect.width])
        }
        let cropped = try? Frame(luma: luma, width: rect.width, height: rect.height, stride: rect.width,
                                 sequence: frame.sequence, timestamp: frame.timestamp)
        return cropped ?? frame
    }
}
