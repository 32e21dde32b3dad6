/// Character classes the price lexer needs, with ASCII answered without a Unicode property lookup.
public enum ScalarClass {
    public static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
        return scalar.properties.isAlphabetic
    }

    /// Letters and the combining marks that continue a word (`č` written as `c` + caron).
    public static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        if isLetter(scalar) { return true }
        return scalar.value >= 0x80 && scalar.properties.generalCategory == .nonspacingMark
    }

    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return scalar.properties.isWhitespace
    }

    /// Invisible formatting characters such as bidi marks (`U+200F` in Hebrew and Arabic currency formats).
    public static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.generalCategory == .format
    }

    public static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212: return true
        default: return false
        }
    }

    /// Spaces that group thousands: space, no-break space, narrow no-break space, thin and figure space.
    public static func isGroupingSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0xA0, 0x202F, 0x2009, 0x2007: return true
        default: return false
        }
    }

    /// Apostrophes that group thousands in Switzerland (`1'299`, `1’299`).
    public static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}"
    }
}
