/// Where `--listen` accepts clients: `unix:/run/lensd.sock`, `tcp:127.0.0.1:7878`, or `tcp:7878` (loopback).
public enum ListenAddress: Equatable, Sendable, CustomStringConvertible {
    case unix(path: String)
    case tcp(host: String, port: Int)

    public init?(argument: String) {
        if argument.hasPrefix("unix:") {
            let path = String(argument.dropFirst(5))
            guard !path.isEmpty, path.utf8.count < 108 else { return nil }
            self = .unix(path: path)
        } else if argument.hasPrefix("tcp:") {
            let rest = argument.dropFirst(4)
            guard let colon = rest.lastIndex(of: ":") else {
                guard let port = Int(rest), (0...65535).contains(port) else { return nil }
                self = .tcp(host: "127.0.0.1", port: port)
                return
            }
            var host = String(rest[rest.startIndex..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty, let port = Int(rest[rest.index(after: colon)...]), (0...65535).contains(port) else { return nil }
            self = .tcp(host: host, port: port)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .unix(let path): "unix:\(path)"
        case .tcp(let host, let port): host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
        }
    }

    public static var defaultValueDescription: String { "unix:PATH or tcp:[HOST:]PORT" }
}
