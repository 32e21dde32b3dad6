import Foundation
import Testing
@testable import OCR

@Suite("TimeStepWriter", .serialized)
struct TimeStepWriterTests {
    @Test("takes the place of libtesseract's NetworkIO::WriteTimeStepPart in the process")
    func takesThePlaceOfTesseractsWriter() {
        #expect(TimeStepWriter.isInPlace)
    }

    /// Values around every rounding and clipping boundary, and the ones no conversion handles.
    static let boundaryValues: [Float] = {
        var values: [Float] = [0, -0.0, 1, -1, 1.5, -1.5, 100, -100, 1e10, -1e10, .infinity, -.infinity, .nan,
                               .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, 16_909_320, -16_909_320]
        for step in -130...130 {
            // Where value x 127 lands on k + 0.5, and a float either side of it.
            let boundary = (Float(step) + 0.5) / 127
            values += [boundary, boundary.nextUp, boundary.nextDown, Float(step) / 127]
        }
        return values
    }()

    @Test("eight values at a time give the bytes one value at a time gives, boundaries, NaN and infinities included")
    func vectorMatchesScalar() {
        var generator = SystemRandomNumberGenerator()
        var values = Self.boundaryValues
        values += (0..<100_000).map { _ in Float.random(in: -1.2...1.2, using: &generator) }
        values += (0..<1_000).map { _ in Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &generator)) }
        while values.count % 8 != 0 { values.append(0.25) }
        for start in stride(from: 0, to: values.count, by: 8) {
            let lanes = SIMD8<Float>(values[start..<start + 8])
            let bytes = TimeStepWriter.quantized(lanes)
            for lane in 0..<8 {
                #expect(bytes[lane] == TimeStepWriter.quantized(lanes[lane]), "\(lanes[lane])")
            }
        }
    }

    @Test("writes the bytes libtesseract's own function writes, at every row, offset and count")
    func writesWhatTesseractWrites() throws {
        let own = try #require(TimeStepWriter.symbol.definition)
        let tesseracts = try #require(TimeStepWriter.symbol.nextDefinition)
        var generator = SystemRandomNumberGenerator()
        let values = Self.boundaryValues + (0..<4_000).map { _ in Float.random(in: -1.2...1.2, using: &generator) }
        for count in [1, 7, 8, 9, 16, 48, 96, 192, 200] {
            for offset in [0, 3] {
                let start = Int.random(in: 0...(values.count - count), using: &generator)
                let row = Int32.random(in: 0..<4, using: &generator)
                let written = values[start..<start + count].withUnsafeBufferPointer { input in
                    [own, tesseracts].map { write in
                        IntegerArrays(rows: 4, width: 208).written { arrays in
                            unsafeBitCast(write, to: TimeStepWriter.Write.self)(arrays, row, Int32(offset), Int32(count), input.baseAddress)
                        }
                    }
                }
                #expect(written[0] == written[1], "count \(count), offset \(offset), row \(row)")
            }
        }
    }

    @Test("every fixture reads the same, words, boxes and confidences, as with libtesseract's own writer")
    func readsTheSameAsTesseractsOwnWriter() throws {
        let own = try PGMFixture.readEveryFixture()
        let tesseracts = try TimeStepWriter.forwardingEveryCall { try PGMFixture.readEveryFixture() }
        #expect(own.values.flatMap { $0.flatMap(\.words) }.count > 50)
        for key in own.keys.sorted() {
            #expect(own[key] == tesseracts[key], "\(key)")
        }
    }

    /// A `tesseract::NetworkIO` in integer mode, as far as `WriteTimeStepPart` reads it: the integer
    /// array's rows at 0x28 and row length at 0x38, `int_mode_` at 0x40.
    private struct IntegerArrays {
        let rows: Int
        let width: Int

        /// The array's bytes after `body` wrote into a fresh one, every byte set to 0x55 before.
        func written(_ body: (UnsafeMutableRawPointer) -> Void) -> [Int8] {
            let object = UnsafeMutableRawPointer.allocate(byteCount: 0x80, alignment: 8)
            defer { object.deallocate() }
            object.initializeMemory(as: UInt8.self, repeating: 0, count: 0x80)
            var bytes = [Int8](repeating: 0x55, count: rows * width)
            bytes.withUnsafeMutableBufferPointer { buffer in
                object.storeBytes(of: buffer.baseAddress, toByteOffset: 0x28, as: UnsafeMutablePointer<Int8>?.self)
                object.storeBytes(of: Int32(width), toByteOffset: 0x38, as: Int32.self)
                object.storeBytes(of: 1, toByteOffset: 0x40, as: UInt8.self)
                body(object)
            }
            return bytes
        }
    }
}
