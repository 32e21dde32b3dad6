import Foundation

/// The truth of a set of real photos (`../shared/datasets`): per image, the amounts with their
/// boxes (`truth.json`: `{"mode", "currency"?, "images": [{"image", "amounts": [{"value", "box":
/// [x, y, w, h]}], "ignore"?: [...], "total"?}]}`), or only each receipt's total (`truth.csv`:
/// `image,total,currency`).
public struct StillsTruth: Sendable {
    public struct Amount: Sendable {
        public var value: Decimal
        /// x, y, width, height in image pixels; nil when only the value is known (a total).
        public var box: (x: Double, y: Double, width: Double, height: Double)?
    }

    public struct Image: Sendable {
        public var name: String
        public var amounts: [Amount]
        /// Regions where a read counts neither way (tags cut by the edge, too blurred to label).
        public var ignored: [(x: Double, y: Double, width: Double, height: Double)]
        public var total: Decimal?
    }

    public enum Mode: String, Sendable {
        /// Shelf tags: only the labelled price of each tag is boxed, so a read counts against
        /// precision only where it lies in a labelled box.
        case bare
        /// Receipts: every amount is boxed; every read counts.
        case receipt
        /// Only each image's total is known: whether a read of it was made anywhere.
        case totals
    }

    public var mode: Mode
    public var images: [Image]

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(String, String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "\(path): not a stills truth file: \(reason)"
            }
        }
    }

    public static func load(path: String) throws -> StillsTruth {
        guard let data = FileManager.default.contents(atPath: path) else { throw LoadError.unreadable(path, "cannot read") }
        if path.hasSuffix(".csv") { return try totals(csv: String(decoding: data, as: UTF8.self), path: path) }
        struct File: Decodable {
            public struct Amount: Decodable {
                public var value: String
                public var box: [Double]?
            }
            public struct Image: Decodable {
                public var image: String
                public var amounts: [Amount]?
                public var ignore: [Amount]?
                public var total: String?
            }
            public var mode: String?
            public var images: [Image]
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw LoadError.unreadable(path, "\(error)")
        }
        func box(_ values: [Double]?) -> (x: Double, y: Double, width: Double, height: Double)? {
            guard let values, values.count == 4 else { return nil }
            return (values[0], values[1], values[2], values[3])
        }
        let images = file.images.map { image in
            Image(
                name: image.image,
                amounts: (image.amounts ?? []).compactMap { amount in Decimal(string: amount.value).map { Amount(value: $0, box: box(amount.box)) } },
                ignored: (image.ignore ?? []).compactMap { box($0.box) },
                total: image.total.flatMap { Decimal(string: $0) })
        }
        return StillsTruth(mode: file.mode == "bare" ? .bare : .receipt, images: images)
    }

    private static func totals(csv: String, path: String) throws -> StillsTruth {
        var images: [Image] = []
        for (index, line) in csv.split(whereSeparator: \.isNewline).enumerated() where index > 0 {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, let total = Decimal(string: fields[1]) else {
                throw LoadError.unreadable(path, "line \(index + 1) is not image,total[,currency]")
            }
            images.append(Image(name: fields[0], amounts: [Amount(value: total, box: nil)], ignored: [], total: total))
        }
        return StillsTruth(mode: .totals, images: images)
    }
}
