import Foundation
import NIOCore
import Synchronization
import Testing

@testable import Viewer

/// A backend with a fixed frame, health and metrics; control lines are answered by `answer`.
final class FixedBackend: ViewerBackend {
    let frame = Mutex<ViewerFrame?>(nil)
    let healthState = Mutex(ViewerHealth(healthy: false, detail: "device inactive"))
    let notes = Mutex<[ViewerClientEvent]>([])
    let controlLines = Mutex<[String]>([])

    func latestFrame() -> ViewerFrame? { frame.withLock { $0 } }
    func health() -> ViewerHealth { healthState.withLock { $0 } }
    func metricsText() -> [UInt8] { Array("# TYPE lensd_frames_in_total counter\nlensd_frames_in_total 3\n".utf8) }

    func control(line: [UInt8], reply: @escaping @Sendable ([UInt8], Bool) -> Void) {
        let text = String(decoding: line, as: UTF8.self)
        controlLines.withLock { $0.append(text) }
        let accepted = text.contains("\"status\"")
        // Replies come from another thread, as the daemon's do after its next frame.
        Thread.detachNewThread {
            reply(Array((accepted ? #"{"class":"ACK","cmd":"status"}"# : #"{"class":"ERROR","concerns":"control"}"#).utf8) + [10], accepted)
        }
    }

    func attachEvents(_ register: ([[UInt8]]) -> Void) {
        register([Array(#"{"class":"VERSION"}"#.utf8) + [10], Array(#"{"class":"DEVICE","state":"active"}"#.utf8) + [10]])
    }

    func errorLine(message: String) -> [UInt8] { Array(#"{"class":"ERROR","concerns":"client","message":"\#(message)"}"#.utf8) + [10] }
    func note(_ event: ViewerClientEvent) { notes.withLock { $0.append(event) } }

    static func sampleFrame(sequence: UInt64) -> ViewerFrame {
        let luma = (0..<(160 * 120)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        return ViewerFrame(luma: luma, width: 160, height: 120, stride: 160, sequence: sequence, overlays: [
            ViewerOverlay(x: 10, y: 40, width: 60, height: 20, label: "3.99 USD = 3.57 EUR 0.97", style: .confirmed),
        ])
    }
}

@Suite("the viewer's HTTP server", .serialized)
struct ViewerServerTests {
    private func serve(_ backend: FixedBackend, bufferLimit: Int = 1 << 20, fps: Double = 10) throws -> ViewerServer {
        try ViewerServer.start(.init(host: "127.0.0.1", port: 0, streamFramesPerSecond: fps, clientBufferLimit: bufferLimit), backend: backend)
    }

    @Test func servesThePageWithItsFrameRate() throws {
        let server = try serve(FixedBackend(), fps: 4)
        let response = try HTTPTestClient(port: server.port, path: "/").response()
        server.syncShutdown()
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.text.contains("const frameInterval = 250;"))
        #expect(response.text.contains("new EventSource(\"/events\")"))
    }

    @Test func answersHealthWith503UntilTheBackendIsHealthy() throws {
        let backend = FixedBackend()
        let server = try serve(backend)
        let before = try HTTPTestClient(port: server.port, path: "/healthz").response()
        backend.healthState.withLock { $0 = ViewerHealth(healthy: true, detail: "ok") }
        let after = try HTTPTestClient(port: server.port, path: "/healthz").response()
        server.syncShutdown()
        #expect(before.status == 503 && before.text == "device inactive\n")
        #expect(after.status == 200 && after.text == "ok\n")
    }

    @Test func servesTheLatestFrameAsJPEGEncodedOncePerFrame() throws {
        let backend = FixedBackend()
        let server = try serve(backend)
        let none = try HTTPTestClient(port: server.port, path: "/frame.jpg").response()
        backend.frame.withLock { $0 = FixedBackend.sampleFrame(sequence: 7) }
        let first = try HTTPTestClient(port: server.port, path: "/frame.jpg").response()
        let second = try HTTPTestClient(port: server.port, path: "/frame.jpg").response()
        let annotated = try HTTPTestClient(port: server.port, path: "/annotated.jpg").response()
        let encoded = server.framesEncoded
        server.syncShutdown()
        #expect(none.status == 503)
        #expect(first.status == 200 && first.headers["content-type"] == "image/jpeg" && first.headers["x-lensd-frame"] == "7")
        #expect(Array(first.body.prefix(2)) == [0xFF, 0xD8])
        #expect(second.body == first.body)
        #expect(annotated.status == 200 && annotated.body != first.body)
        #expect(encoded == 2)
    }

    @Test func streamsEachFrameOnceAsMJPEGParts() throws {
        let backend = FixedBackend()
        backend.frame.withLock { $0 = FixedBackend.sampleFrame(sequence: 1) }
        let server = try serve(backend, fps: 20)
        let client = try HTTPTestClient(port: server.port, path: "/stream.mjpg")
        #expect(client.waitUntil(timeout: 10) { String(decoding: $0.bytes, as: UTF8.self).contains("X-Lensd-Frame: 1\r\n") })
        backend.frame.withLock { $0 = FixedBackend.sampleFrame(sequence: 2) }
        #expect(client.waitUntil(timeout: 10) { String(decoding: $0.bytes, as: UTF8.self).contains("X-Lensd-Frame: 2\r\n") })
        // Ten stream intervals later, frame 2 has still been sent once: the stream sends new frames only.
        usleep(500_000)
        let text = String(decoding: client.bytes, as: UTF8.self)
        server.syncShutdown()
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(text.contains("multipart/x-mixed-replace; boundary=lensdframe"))
        #expect(text.components(separatedBy: "X-Lensd-Frame: 2\r\n").count == 2)
        #expect(text.components(separatedBy: "X-Lensd-Frame: 1\r\n").count == 2)
    }

    @Test func sendsTheBannerThenEveryLineAsServerSentEvents() throws {
        let backend = FixedBackend()
        let server = try serve(backend)
        let client = try HTTPTestClient(port: server.port, path: "/events")
        #expect(client.waitUntil(timeout: 10) { $0.events.count >= 2 })
        #expect(client.waitUntil(timeout: 10) { _ in server.eventClientCount == 1 })
        server.broadcast(ByteBuffer(string: #"{"class":"OVERLAYS","frame":1}"# + "\n"))
        server.broadcast(ByteBuffer(string: #"{"class":"OVERLAYS","frame":2}"# + "\n"))
        #expect(client.waitUntil(timeout: 10) { $0.events.count >= 4 })
        server.syncShutdown()
        #expect(client.events == [
            #"{"class":"VERSION"}"#, #"{"class":"DEVICE","state":"active"}"#,
            #"{"class":"OVERLAYS","frame":1}"#, #"{"class":"OVERLAYS","frame":2}"#,
        ])
        #expect(try HTTPTestClient.parse(client.bytes).headers["content-type"] == "text/event-stream; charset=utf-8")
    }

    @Test func dropsAnEventClientThatFallsBehindAfterItsLastErrorEvent() throws {
        let backend = FixedBackend()
        let server = try serve(backend, bufferLimit: 64 * 1024)
        let stalled = try HTTPTestClient(port: server.port, path: "/events", reading: false, receiveBuffer: 4096)
        let reader = try HTTPTestClient(port: server.port, path: "/events")
        #expect(reader.waitUntil(timeout: 10) { _ in server.eventClientCount == 2 })
        let line = ByteBuffer(string: #"{"class":"OVERLAYS","prices":""# + String(repeating: "x", count: 2000) + "\"}\n")
        for _ in 0..<2000 { server.broadcast(line) }
        #expect(reader.waitUntil(timeout: 20) { $0.events.count >= 2002 })
        let dropped = reader.waitUntil(timeout: 20) { _ in backend.notes.withLock { $0.contains { if case .dropped = $0 { true } else { false } } } }
        // The stalled client, reading at last, finds the ERROR as its last event, then the end.
        Thread.detachNewThread { stalled.readToEnd() }
        let ended = stalled.waitUntil(timeout: 20) { $0.hasEnded }
        server.syncShutdown()
        #expect(dropped)
        #expect(ended)
        #expect(stalled.events.last?.contains("client fell behind") == true)
        #expect(reader.events.filter { $0.contains("\"ERROR\"") }.isEmpty)
    }

    @Test func answersControlWithTheReplyLineAndItsStatus() throws {
        let backend = FixedBackend()
        let server = try serve(backend)
        let accepted = try HTTPTestClient(port: server.port, method: "POST", path: "/control", body: #"{"cmd":"status"}"# + "\n").response()
        let refused = try HTTPTestClient(port: server.port, method: "POST", path: "/control", body: #"{"cmd":"nope"}"#).response()
        let tooLong = try HTTPTestClient(port: server.port, method: "POST", path: "/control", body: String(repeating: "x", count: 70_000)).response()
        let wrongMethod = try HTTPTestClient(port: server.port, path: "/control").response()
        let missing = try HTTPTestClient(port: server.port, path: "/nothing").response()
        server.syncShutdown()
        #expect(accepted.status == 200 && accepted.text == #"{"class":"ACK","cmd":"status"}"# + "\n")
        #expect(accepted.headers["content-type"] == "application/json")
        #expect(refused.status == 400 && refused.text.contains("ERROR"))
        #expect(tooLong.status == 413)
        #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "POST")
        #expect(missing.status == 404)
        #expect(backend.controlLines.withLock { $0 } == [#"{"cmd":"status"}"#, #"{"cmd":"nope"}"#])
    }

    @Test func servesTheBackendsMetricsAsPrometheusText() throws {
        let server = try serve(FixedBackend())
        let response = try HTTPTestClient(port: server.port, path: "/metrics").response()
        server.syncShutdown()
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        #expect(response.text.contains("lensd_frames_in_total 3"))
    }

    @Test func refusesAnAddressItCannotBind() throws {
        let first = try serve(FixedBackend())
        #expect(throws: ViewerError.self) {
            _ = try ViewerServer.start(.init(host: "127.0.0.1", port: first.port), backend: FixedBackend())
        }
        first.syncShutdown()
    }

    @Test func writesEachLineAsOneDataField() {
        let event = EventClient.event(ByteBuffer(string: #"{"class":"ACK"}"# + "\n"))
        #expect(String(buffer: event) == "data: {\"class\":\"ACK\"}\n\n")
    }
}
