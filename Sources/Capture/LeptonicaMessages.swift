import CLeptonica

/// Leptonica's process-wide message threshold (`setMsgSeverity`).
///
/// Leptonica prints an "Error in …" line to stderr for every image it cannot decode and for some
/// boxes Tesseract hands it. lensd reports its own, clearer errors, so a daemon silences these.
public enum LeptonicaMessages {
    /// Stops Leptonica writing to stderr, for the whole process (`setMsgSeverity(L_SEVERITY_NONE)`).
    public static func silence() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
