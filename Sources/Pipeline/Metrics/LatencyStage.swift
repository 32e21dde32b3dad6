/// A step of the pipeline whose latency ``PipelineMetrics`` keeps for the whole run.
enum LatencyStage: CaseIterable, Sendable {
    /// A frame waiting in the frame queue, from being queued (its capture time) to an OCR worker taking it.
    /// Paced replay and cameras only: with `--fast` a frame's timestamp is virtual.
    case queue
    /// One OCR job on a worker (a whole frame, or the regions or scan a scheduled job was given).
    case ocr
    /// The frame stage's work on one frame: change detection and OCR planning (scheduled runs),
    /// prices, tracker, conversions, `OVERLAYS`; not the time spent waiting for reads.
    case frame
    /// From a frame's capture to its `OVERLAYS` line. Paced replay and cameras only.
    case endToEnd
}
