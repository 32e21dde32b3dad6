import Testing

@testable import lensd

/// `--http` reads its address as `--listen tcp:` does: a bare port is loopback.
@Suite struct HTTPAddressTests {
    @Test func readsAPortAloneAsLoopback() {
        #expect(HTTPAddress(argument: "8080") == HTTPAddress(host: "127.0.0.1", port: 8080))
    }

    @Test func readsAHostAndPortWithIPv6InBrackets() {
        #expect(HTTPAddress(argument: "0.0.0.0:80") == HTTPAddress(host: "0.0.0.0", port: 80))
        #expect(HTTPAddress(argument: "[::1]:8080") == HTTPAddress(host: "::1", port: 8080))
        #expect(HTTPAddress(host: "::1", port: 8080).description == "[::1]:8080")
    }

    @Test func refusesWhatIsNoPort() {
        for bad in ["", "http", "65536", "host:", ":80", "unix:/tmp/x"] {
            #expect(HTTPAddress(argument: bad) == nil, "\(bad)")
        }
    }
}
