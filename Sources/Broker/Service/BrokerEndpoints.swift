/// Where the broker listens: clients (ROUTER), workers (ROUTER) and events (PUB).
public struct BrokerEndpoints: Sendable, Hashable {
    public var clients: String
    public var workers: String
    public var events: String

    public init(clients: String, workers: String, events: String) {
        self.clients = clients
        self.workers = workers
        self.events = events
    }
}
