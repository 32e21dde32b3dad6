/// The words the scanner knows: units, time words, multi-buy and range links, reference words.
extension PriceScanner {
    /// Units of measure: a number followed by one is a measure, not a price, unless a currency marker precedes it.
    static let measureWords: Set<String> = [
        "g", "kg", "mg", "gr", "grams", "l", "L", "ml", "mL", "cl", "cL", "dl", "oz", "lb", "lbs", "fl", "qt", "gal",
        "pt", "cm", "mm", "m", "km", "in", "ft", "yd", "W", "kW", "kWh", "V", "mAh", "GB", "MB", "TB", "Hz", "kcal",
        "cal", "kJ", "pcs", "pc", "pk", "ct", "Stk", "Stück", "St", "x", "X", "Pack", "pack", "min", "sec", "s",
    ]
    /// Words after a number that make it a time or duration.
    static let timeWords: Set<String> = [
        "h", "Uhr", "am", "pm", "AM", "PM", "days", "day", "hours", "hrs", "years", "Jahre", "Tage", "ans", "jours",
    ]
    /// Count units after `/` or `per`.
    static let countWords: Set<String> = ["ea", "each", "unit", "item", "piece", "dozen", "doz", "kilo"]
    static let perWords: Set<String> = ["per", "pro", "je"]
    /// Words that introduce a number that is not an amount (`Version 2.14`, `Aisle 7`, `Nr. 12`).
    static let referenceWords: Set<String> = [
        "Version", "version", "Ver", "ver", "Rev", "rev", "v", "V", "No", "Nr", "Art", "Page", "page", "Seite",
        "Room", "Aisle", "aisle", "Gate", "Platform", "Gleis", "Model", "Modell", "Size", "size", "Gr", "Größe",
        "Tel", "Fax", "ISBN", "Lot", "Batch", "Charge", "Kasse", "Bon", "Filiale", "Store", "Lane", "Row", "Seat",
        "Table", "Tisch", "Route", "Ch", "Vol", "Track", "Level", "Floor", "Etage", "Ref",
    ]
    static let multiBuyWords: Set<String> = [
        "個で", "点で", "コで", "个","for", "For", "FOR", "für", "Für", "pour", "por", "per", "för", "voor"]
    static let rangeWords: Set<String> = ["to", "bis", "à"]
}
