import Foundation

/// One lensd price of an `OVERLAYS` line paired with the true price it shows, in frame pixels.
public struct TrackMatch: Equatable, Sendable {
    /// The lensd track id (`p3`).
    public var trackID: String
    /// The ground-truth tag id (`t7`).
    public var truthID: String
    /// Whether lensd showed the price after confirming it (`confirmed`, `coasting`, or no state).
    public var confirmed: Bool
    /// lensd's box in frame pixels.
    public var box: PixelBox
    /// The true box in frame pixels.
    public var truthBox: PixelBox

    /// An axis-aligned box in frame pixels.
    public struct PixelBox: Equatable, Sendable {
        public var minX: Double
        public var minY: Double
        public var maxX: Double
        public var maxY: Double

        public var centreX: Double { (minX + maxX) / 2 }
        public var centreY: Double { (minY + maxY) / 2 }
    }

    /// Pairs one frame's lensd prices with its true prices.
    ///
    /// A lensd price matches a true price when the amounts are equal as decimals, the currencies
    /// are equal and lensd's box centre lies inside the true box (the rule of `PriceScore`). Each
    /// true price matches at most one lensd price; lensd prices are taken in output order, and when
    /// several unmatched true prices qualify the one whose centre is nearest wins (two equal prices
    /// side by side). True prices without an id cannot be tracked and are ignored.
    public static func matches(
        read: [OutputLine.Price], truth: [TruthFile.Price], width: Double, height: Double
    ) -> [TrackMatch] {
        var unmatched = truth.indices.filter { truth[$0].id != nil }
        var result: [TrackMatch] = []
        for price in read {
            let box = PixelBox(
                minX: price.box.x * width, minY: price.box.y * height,
                maxX: (price.box.x + price.box.width) * width, maxY: (price.box.y + price.box.height) * height)
            let amount = Decimal(string: price.amount)
            let candidates = unmatched.filter { index in
                let truePrice = truth[index]
                return truePrice.currency == price.currency && amount != nil
                    && Decimal(string: truePrice.amount) == amount
                    && truePrice.box.contains(x: box.centreX, y: box.centreY)
            }
            let nearest = candidates.min { first, second in
                distance(box, truth[first].box) < distance(box, truth[second].box)
            }
            guard let nearest, let truthID = truth[nearest].id else { continue }
            unmatched.removeAll { $0 == nearest }
            let trueBox = truth[nearest].box
            result.append(TrackMatch(
                trackID: price.id, truthID: truthID, confirmed: price.state != "tentative", box: box,
                truthBox: PixelBox(minX: trueBox.x, minY: trueBox.y, maxX: trueBox.x + trueBox.width, maxY: trueBox.y + trueBox.height)))
        }
        return result
    }

    /// Distance between the centre of `box` and the centre of a true box.
    private static func distance(_ box: PixelBox, _ truth: TruthFile.Box) -> Double {
        hypot(box.centreX - (truth.x + truth.width / 2), box.centreY - (truth.y + truth.height / 2))
    }

    /// Distance of the box centres, in pixels.
    var centreError: Double {
        hypot(box.centreX - truthBox.centreX, box.centreY - truthBox.centreY)
    }

    /// Mean absolute offset of the four edges (left, top, right, bottom), in pixels.
    var edgeError: Double {
        (abs(box.minX - truthBox.minX) + abs(box.minY - truthBox.minY)
            + abs(box.maxX - truthBox.maxX) + abs(box.maxY - truthBox.maxY)) / 4
    }
}
