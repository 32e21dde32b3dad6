import ArgumentParser

/// Where `--http` serves the viewer: `8080` (loopback), `127.0.0.1:8080`, `[::1]:8080` or `0.0.0.0:8080`.
struct HTTPAddress: Equatable, Sendable, CustomStringConvertible, ExpressibleByArgument {
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(argument: String) {
        guard let colon = argument.lastIndex(of: ":") else {
            guard let port = Int(argument), (0...65535).contains(port) else { return nil }
            self.init(host: "127.0.0.1", port: port)
            return
        }
        var host = String(argument[argument.startIndex..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, let port = Int(argument[argument.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        self.init(host: host, port: port)
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    static var defaultValueDescription: String { "[HOST:]PORT" }
}
