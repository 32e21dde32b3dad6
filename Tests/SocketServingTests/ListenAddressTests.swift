import Testing
@testable import SocketServing

@Suite("--listen addresses")
struct ListenAddressTests {
    @Test("reads unix paths and TCP ports, defaulting the host to loopback")
    func parsesAddresses() {
        #expect(ListenAddress(argument: "unix:/run/lensd.sock") == .unix(path: "/run/lensd.sock"))
        #expect(ListenAddress(argument: "tcp:7878") == .tcp(host: "127.0.0.1", port: 7878))
        #expect(ListenAddress(argument: "tcp:127.0.0.1:7878") == .tcp(host: "127.0.0.1", port: 7878))
        #expect(ListenAddress(argument: "tcp:[::1]:7878") == .tcp(host: "::1", port: 7878))
        #expect(ListenAddress(argument: "tcp:[::1]:7878")?.description == "tcp:[::1]:7878")
    }

    @Test("refuses other schemes, bad ports and unix paths too long for sun_path")
    func refusesBadAddresses() {
        #expect(ListenAddress(argument: "http://x") == nil)
        #expect(ListenAddress(argument: "tcp:70000") == nil)
        #expect(ListenAddress(argument: "tcp:host:") == nil)
        #expect(ListenAddress(argument: "unix:") == nil)
        #expect(ListenAddress(argument: "unix:/" + String(repeating: "a", count: 200)) == nil)
    }
}
