import Foundation
import LensProtocol
import Testing

/// A Swift client reads lensd's lines with these types, as `docs/protocol.md` describes them.
@Suite("Decoding protocol lines")
struct ProtocolDecodingTests {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    @Test func anOverlaysLineAsLensdWritesItDecodes() throws {
        let line = """
            {"class":"OVERLAYS","frame":12,"time":0.4,"width":640,"height":480,"prices":[{"age":0.3,"amount":"399","box":{"height":0.0312,"width":0.0578,"x":0.4672,"y":0.1854},"confidence":0.97,"converted":[{"amount":"2.27","currency":"EUR","formatted":"€2.27","age_s":3600,"stale":false}],"currency":"JPY","currency_evidence":"default","id":"p1","locked":false,"state":"confirmed","text":"399"}]}
            """
        let overlays = try Self.decoder().decode(OverlaysMessage.self, from: Data(line.utf8))
        #expect(overlays.frame == 12)
        let price = try #require(overlays.prices.first)
        #expect(price.amount == "399" && price.currency == "JPY" && price.currencyEvidence == "default" && price.state == "confirmed")
        #expect(price.box.x == 0.4672)
        #expect(price.converted.first?.formatted == "€2.27")
    }

    @Test func whatLensdEncodesDecodesToTheSameMessage() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var device = DeviceMessage(source: "v4l2", path: "/dev/video0", state: .active, width: 1280, height: 720, fps: 30)
        device.zoom = ZoomMessage(level: 1, min: 1, max: 4, kind: "digital")
        device.torch = TorchMessage(available: false, on: false)
        let decoded = try Self.decoder().decode(DeviceMessage.self, from: encoder.encode(device))
        #expect(decoded.state == .active && decoded.width == 1280 && decoded.zoom == device.zoom && decoded.torch == device.torch)
        let version = try Self.decoder().decode(VersionMessage.self, from: encoder.encode(VersionMessage()))
        #expect(version.protoMajor == ProtocolVersion.major && version.protoMinor == ProtocolVersion.minor)
    }

    @Test func aRequestIDKeepsItsKind() throws {
        let ack = AckMessage(cmd: "status", id: .number(7), req: .string("a-1"))
        let encoder = JSONEncoder()
        let decoded = try Self.decoder().decode(AckMessage.self, from: encoder.encode(ack))
        #expect(decoded.id == .number(7) && decoded.req == .string("a-1"))
    }
}
