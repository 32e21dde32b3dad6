import ArgumentParser
import SocketServing

/// Where `--http` serves the viewer: `8080` (loopback), `127.0.0.1:8080`, `[::1]:8080` or `0.0.0.0:8080`.
struct HTTPAddress: Equatable, Sendable, CustomStringConvertible, ExpressibleByArgument {
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Read as `--listen tcp:` reads its address.
    init?(argument: String) {
        guard case .tcp(let host, let port)? = ListenAddress(argument: "tcp:" + argument) else { return nil }
        self.init(host: host, port: port)
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    static var defaultValueDescription: String { "[HOST:]PORT" }
}
