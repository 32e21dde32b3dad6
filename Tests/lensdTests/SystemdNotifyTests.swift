import Foundation
import LensProtocol
import Synchronization
import SystemPackage
import SystemdNotify
import Testing
@testable import lensd

/// A datagram socket standing in for systemd's notify socket: it collects what lensd sends.
private final class NotifySocket: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let received = Mutex<[String]>([])

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(descriptor >= 0 && bound == 0, "cannot bind \(path): errno \(errno)")
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                let datagram = String(decoding: buffer[0..<count], as: UTF8.self)
                received.withLock { $0.append(datagram) }
            }
        }
    }

    var datagrams: [String] { received.withLock { $0 } }

    func waitUntil(timeout: Double, _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(datagrams) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(datagrams)
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}

@Suite("systemd notifications", .serialized)
struct SystemdNotifyTests {
    @Test("a daemon started with NOTIFY_SOCKET says READY=1 with its status once frames flow, feeds the watchdog and says STOPPING=1 on SIGTERM")
    func notifiesReadinessWatchdogAndStopping() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let notify = try NotifySocket(path: temporary.file("notify.sock"))
        let daemon = try DaemonProcess(
            ["replay", "--loop", "--fps", "30", "--workers", "1", "--control", "none", LensdProcess.sample("stills/tags-01.png")],
            environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000"])
        defer { daemon.terminate() }
        let fed = notify.waitUntil(timeout: 60) { $0.filter { $0 == "WATCHDOG=1" }.count >= 3 }
        #expect(fed, "datagrams: \(notify.datagrams); stderr: \(daemon.stderr)")
        let ready = try #require(notify.datagrams.first { $0.hasPrefix("READY=1") })
        #expect(ready.contains("\nSTATUS=replaying ") && ready.contains(": reading frames (640x"), "\(ready)")
        #expect(!daemon.messages("DEVICE").isEmpty, "READY comes after the source's DEVICE active line")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0)
        #expect(notify.waitUntil(timeout: 5) { $0.contains("STOPPING=1\nSTATUS=stopping") }, "\(notify.datagrams)")
    }

    @Test("the watchdog interval is WATCHDOG_USEC when WATCHDOG_PID is this process or absent")
    func readsWatchdogInterval() {
        #expect(SystemdNotifyService.watchdogInterval(["WATCHDOG_USEC": "20000000"], pid: 7) == .seconds(20))
        #expect(SystemdNotifyService.watchdogInterval(["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "7"], pid: 7) == .seconds(20))
        #expect(SystemdNotifyService.watchdogInterval(["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "8"], pid: 7) == nil)
        #expect(SystemdNotifyService.watchdogInterval(["WATCHDOG_USEC": "0"], pid: 7) == nil)
        #expect(SystemdNotifyService.watchdogInterval([:], pid: 7) == nil)
    }

    @Test("STATUS says what the source is doing, and what it waits for")
    func describesTheSource() {
        #expect(SystemdNotifyService.status(of: nil) == "starting")
        #expect(SystemdNotifyService.status(of: DeviceMessage(source: "v4l2", path: "/dev/video0", state: .active, width: 1280, height: 720))
            == "camera /dev/video0: reading frames (1280x720)")
        #expect(SystemdNotifyService.status(of: DeviceMessage(source: "v4l2", path: "/dev/video0", state: .inactive))
            == "camera /dev/video0: no frames; waiting for it to come back")
        #expect(SystemdNotifyService.status(of: DeviceMessage(source: "v4l2", path: "/dev/video2", state: .denied))
            == "camera /dev/video2: permission denied; waiting for access")
    }

    @Test("no notifier without a notify socket")
    func noNotifierWithoutSocket() throws {
        #expect(try SystemdNotifier.fromEnvironment([:]) == nil)
        #expect(try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": "relative"]) == nil)
    }

    @Test("a notification nobody can receive fails with the call and its Errno")
    func failureCarriesErrno() throws {
        let temporary = try TemporaryPath()
        defer { temporary.remove() }
        let notifier = try #require(try SystemdNotifier.fromEnvironment(["NOTIFY_SOCKET": temporary.file("absent.sock")]))
        do {
            try notifier.notify(["READY": "1"])
            Issue.record("no error")
        } catch {
            #expect(error.call == "sendto")
            #expect(error.errno == .noSuchFileOrDirectory)
            #expect(error.description == "cannot notify the service manager: sendto: \(Errno.noSuchFileOrDirectory.description)")
        }
    }
}
