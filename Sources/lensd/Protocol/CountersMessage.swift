/// Running totals, in the `status` reply.
struct CountersMessage: Encodable, Equatable, Sendable {
    var framesIn: Int
    var framesProcessed: Int
    var framesDropped: Int
    var errors: Int
    var clients: Int
    var clientsDropped: Int
    var controlAccepted: Int
    var controlRejected: Int
}
