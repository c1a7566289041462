import Broker
import Foundation
import Presentation
import Testing
import Wire

/// A new version of an operation's announcement is an event, so running resolvers and pages ask for its
/// texts again; a worker announcing what the broker already has is none.
@Suite struct AnnouncedEventTests {
    static func greet(_ title: String) -> OperationAnnouncement {
        OperationAnnouncement(name: "greet", summary: "Greet", input: nil, catalog: Catalog(["es": ["greet.ask.title": title]]))
    }

    static func announced(_ effects: [BrokerEffect]) -> [Event] {
        BrokerHarness.events(effects).filter { $0.type == .operationAnnounced }
    }

    @Test func aNewCatalogVersionIsAnnouncedOnceAndTheSameOneIsNot() {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3))
        let first = Self.announced(broker.announce("w1", [Self.greet("Primera")]))
        #expect(first.count == 1 && first.first?.job == nil, "\(first)")
        #expect(Self.announced(broker.announce("w2", [Self.greet("Primera")])).isEmpty, "the same announcement again")
        let second = Self.announced(broker.announce("w3", [Self.greet("Segunda")]))
        #expect(second.count == 1 && (second.first?.sequence ?? 0) > (first.first?.sequence ?? 0), "\(second)")
    }
}
