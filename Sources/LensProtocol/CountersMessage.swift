/// Running totals, in the `status` reply.
public struct CountersMessage: Codable, Equatable, Sendable {
    public var framesIn: Int
    public var framesProcessed: Int
    public var framesDropped: Int
    public var errors: Int
    public var clients: Int
    public var clientsDropped: Int
    public var controlAccepted: Int
    public var controlRejected: Int

    public init(framesIn: Int, framesProcessed: Int, framesDropped: Int, errors: Int, clients: Int, clientsDropped: Int, controlAccepted: Int, controlRejected: Int) {
        self.framesIn = framesIn
        self.framesProcessed = framesProcessed
        self.framesDropped = framesDropped
        self.errors = errors
        self.clients = clients
        self.clientsDropped = clientsDropped
        self.controlAccepted = controlAccepted
        self.controlRejected = controlRejected
    }
}
