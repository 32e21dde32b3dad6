/// Greedy CTC decoding: the most probable class per time step, repeats merged, blanks dropped.
public enum CTCDecoder {
    /// Decodes one line.
    ///
    /// - Parameters:
    ///   - classes: the most probable class of each time step (0 is the blank).
    ///   - probabilities: that class's probability, per step.
    ///   - characters: each class's text.
    ///   - stepWidth: the line image's columns per step.
    public static func decode(classes: [Int32], probabilities: [Float], characters: [String], stepWidth: Double) -> RecognizedLine {
        var read: [RecognizedLine.Character] = []
        var previous: Int32 = 0
        for step in classes.indices {
            let index = classes[step]
            let probability = step < probabilities.count ? Double(probabilities[step]) : 0
            let columns = (Double(step) * stepWidth)...(Double(step + 1) * stepWidth)
            if index != 0, index == previous, var last = read.popLast() {
                last.columns = last.columns.lowerBound...columns.upperBound
                last.probability = max(last.probability, probability)
                read.append(last)
            } else if index > 0, Int(index) < characters.count {
                read.append(.init(text: characters[Int(index)], columns: columns, probability: probability))
            }
            previous = index
        }
        // Spaces at either end carry nothing.
        while read.first?.text == " " { read.removeFirst() }
        while read.last?.text == " " { read.removeLast() }
        return RecognizedLine(characters: read)
    }
}
