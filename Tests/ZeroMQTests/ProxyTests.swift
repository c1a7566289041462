import Foundation
import Testing
import ZeroMQ

@Suite struct ProxyTests {
    @Test func aRequestCrossesTheProxyBothWaysAndTerminateEndsIt() throws {
        let context = try Context()
        let control = "inproc://proxy-test-control"
        // The proxy thread reports its two endpoints, then how the proxy ended.
        let reports = try Mailbox<String>()
        onNewThread {
            do {
                let frontend = try Socket(context, .router)
                let backend = try Socket(context, .dealer)
                let steer = try Socket(context, .pair)
                try frontend.bind("tcp://127.0.0.1:*")
                try backend.bind("tcp://127.0.0.1:*")
                try steer.bind(control)
                _ = reports.post(try frontend.lastEndpoint)
                _ = reports.post(try backend.lastEndpoint)
                try Socket.proxy(frontend: frontend, backend: backend, control: steer)
                _ = reports.post("terminated")
            } catch {
                _ = reports.post("failed: \(error)")
            }
        }
        var endpoints: [String] = []
        while endpoints.count < 2 {
            let next = try nextMessages(from: reports)
            try #require(!next.isEmpty, "the proxy thread reported its endpoints")
            endpoints += next
        }
        try #require(endpoints.allSatisfy { $0.hasPrefix("tcp://127.0.0.1:") }, "\(endpoints)")

        let client = try Socket(context, .dealer)
        let server = try Socket(context, .dealer)
        try client.connect(endpoints[0])
        try server.connect(endpoints[1])
        #expect(try client.send([Data("ping")], timeout: patience))
        let request = try #require(try server.receive(timeout: patience))
        #expect(request.count == 2, "the frontend ROUTER put the client's routing id in front")
        #expect(request.last == Data("ping"))
        #expect(try server.send(request.dropLast() + [Data("pong")], timeout: patience))
        #expect(try client.receive(timeout: patience) == [Data("pong")])

        let steer = try Socket(context, .pair)
        try steer.connect(control)
        #expect(try steer.send([Data("TERMINATE")], timeout: patience))
        #expect(try nextMessages(from: reports) == ["terminated"])
    }
}
