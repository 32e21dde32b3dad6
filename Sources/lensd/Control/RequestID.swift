/// The optional `id` a client puts on a control message, echoed in the reply so it can match them.
///
/// A string or an integer, as the client sent it.
enum RequestID: Encodable, Sendable, Equatable {
    case string(String)
    case number(Int64)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        }
    }
}
