/// A step of the pipeline whose latency ``PipelineMetrics`` keeps for the whole run.
enum LatencyStage: CaseIterable, Sendable {
    /// A frame waiting in the frame queue, from being queued (its capture time) to an OCR worker taking it.
    /// Paced replay and cameras only: with `--fast` a frame's timestamp is virtual.
    case queue
    /// One OCR job on a worker.
    case ocr
    /// The ordered stage's work on one frame: prices, tracker, conversions, `OVERLAYS`.
    case frame
    /// From a frame's capture to its `OVERLAYS` line. Paced replay and cameras only.
    case endToEnd
}
