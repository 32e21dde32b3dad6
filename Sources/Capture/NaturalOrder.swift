/// Orders file names the way people count: runs of digits compare by numeric value, so
/// `frame2.png` comes before `frame10.png`. Other characters compare by Unicode scalar value.
/// Names that compare equal this way (`frame01`, `frame1`) fall back to plain byte order, so the
/// order is total and stable.
enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        var i = 0
        var j = 0
        while i < left.count && j < right.count {
            if isDigit(left[i]) && isDigit(right[j]) {
                let leftRun = digitRun(left, from: i)
                let rightRun = digitRun(right, from: j)
                let leftDigits = left[leftRun].drop { $0 == "0" }
                let rightDigits = right[rightRun].drop { $0 == "0" }
                if leftDigits.count != rightDigits.count {
                    return leftDigits.count < rightDigits.count
                }
                for (a, b) in zip(leftDigits, rightDigits) where a != b {
                    return a.value < b.value
                }
                i = leftRun.upperBound
                j = rightRun.upperBound
            } else {
                if left[i] != right[j] {
                    return left[i].value < right[j].value
                }
                i += 1
                j += 1
            }
        }
        if (left.count - i) != (right.count - j) {
            return (left.count - i) < (right.count - j)
        }
        return Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> Range<Int> {
        var end = start
        while end < scalars.count && isDigit(scalars[end]) {
            end += 1
        }
        return start..<end
    }
}
