import CLeptonica
import Foundation
import Testing
@testable import OCR

@Suite("WordImageHandoff")
struct WordImageHandoffTests {
    @Test("takes the place of Leptonica's pixWriteMem in the process")
    func takesThePlaceOfLeptonicasWriter() {
        #expect(WordImageHandoff.isInPlace)
    }

    @Test("hands the images of a recognition over without PNG, and Tesseract reads the same text")
    func recognitionHandsItsImagesOver() throws {
        let before = WordImageHandoff.handedOver
        #expect(try PGMFixture.recognizeTwoLines().map(\.text) == PGMFixture.twoLinesText)
        #expect(WordImageHandoff.handedOver >= before + 2)
    }

    @Test("writes SPIX for a PNG inside a recognition and PNG outside; both read back to the same pixels")
    func writesSPIXInsideAndPNGOutside() throws {
        let pix = try #require(pixCreate(37, 11, 8))
        var owned: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&owned) }
        for y in 0..<11 {
            for x in 0..<37 { pixSetPixel(pix, Int32(x), Int32(y), UInt32((x * 7 + y * 13) % 256)) }
        }
        let outside = try Self.written(pix, format: IFF_PNG)
        #expect(outside.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        let inside = try WordImageHandoff.recognizing { () throws -> [UInt8] in try Self.written(pix, format: IFF_PNG) }
        #expect(Array(inside.prefix(4)) == Array("spix".utf8))
        let pnm = try WordImageHandoff.recognizing { () throws -> [UInt8] in try Self.written(pix, format: IFF_PNM) }
        #expect(Array(pnm.prefix(2)) == Array("P5".utf8))
        for bytes in [outside, inside, pnm] {
            #expect(Self.readsBack(bytes, equalTo: pix))
        }
    }

    private static func written(_ pix: UnsafeMutablePointer<PIX>, format: Int) throws -> [UInt8] {
        var data: UnsafeMutablePointer<l_uint8>?
        var size = 0
        #expect(pixWriteMem(&data, &size, pix, Int32(format)) == 0)
        let bytes = try #require(data)
        defer { lept_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    private static func readsBack(_ bytes: [UInt8], equalTo pix: UnsafeMutablePointer<PIX>) -> Bool {
        var read: UnsafeMutablePointer<PIX>? = bytes.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        defer { pixDestroy(&read) }
        guard let image = read else {
            Issue.record("pixReadMem could not read \(bytes.count) bytes")
            return false
        }
        var same: Int32 = 0
        #expect(pixEqual(image, pix, &same) == 0)
        return same == 1
    }
}
