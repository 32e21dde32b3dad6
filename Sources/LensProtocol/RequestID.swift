/// The optional `id` a client puts on a control message, echoed in the reply so it can match them.
///
/// A string or an integer, as the client sent it.
public enum RequestID: Codable, Sendable, Equatable {
    case string(String)
    case number(Int64)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        }
    }
}
