import Broker
import Foundation
import Testing
import ZeroMQ

@Suite struct AuthorizedKeysTests {
    let alice: CurvePublicKey
    let robot: CurvePublicKey
    let web: CurvePublicKey
    init() throws {
        alice = try CurveKeyPair.generate().publicKey
        robot = try CurveKeyPair.generate().publicKey
        web = try CurveKeyPair.generate().publicKey
    }

    @Test func linesGiveEachKeyItsNameRolesAndGroupsAndCommentsAreSkipped() throws {
        let keys = try AuthorizedKeys(
            parsing: """
                # who may do what
                answerer alice \(alice) ops,finance

                client   alice \(alice) ops
                worker   robot-1 \(robot)
                gateway  web \(web)
                """, source: "keys")
        #expect(keys.identities.count == 3)
        let identity = try #require(keys[alice.z85])
        #expect(identity.name == "alice")
        #expect(identity.roles == [.answerer, .client])
        #expect(identity.groups == ["ops", "finance"])
        #expect(keys[robot.z85]?.roles == [.worker])
        #expect(keys[web.z85]?.groups == [])
    }

    @Test(arguments: [
        ("owner alice KEY", "unknown role \"owner\""),
        ("client alice", "expected ROLE NAME PUBLIC_KEY"),
        ("client alice notakey", "is not a public key"),
        ("client al/ice KEY", "name \"al/ice\""),
        ("client alice KEY ops,b@d!", "group \"b@d!\""),
    ])
    func aBadLineIsRefusedNamingTheFileAndLine(line: String, problem: String) throws {
        let text = "# first line\n" + line.replacingOccurrences(of: "KEY", with: alice.z85)
        let error = #expect(throws: AuthorizedKeysError.self) { try AuthorizedKeys(parsing: text, source: "keys.txt") }
        #expect(error?.line == 2)
        #expect(error?.description.hasPrefix("authorized keys keys.txt line 2: ") == true, "\(String(describing: error))")
        #expect(error?.problem.contains(problem) == true, "\(String(describing: error))")
    }

    @Test func aKeyCannotHaveTwoNames() throws {
        let error = #expect(throws: AuthorizedKeysError.self) {
            try AuthorizedKeys(parsing: "client alice \(alice)\nanswerer bob \(alice)\n", source: "keys")
        }
        #expect(error?.line == 2)
        #expect(error?.problem.contains("already \"alice\" on line 1") == true)
    }

    @Test func theHandlerAdmitsListedKeysOnlyToTheSocketsTheirRolesReach() throws {
        let keys = try AuthorizedKeys(parsing: "answerer alice \(alice)\nworker robot \(robot)\n", source: "keys")
        let stranger = try CurveKeyPair.generate().publicKey
        #expect(keys.admission(ZAPRequest(domain: "clients", publicKey: alice)) == .admit(userID: alice.z85))
        #expect(keys.admission(ZAPRequest(domain: "events", publicKey: alice)) == .admit(userID: alice.z85))
        #expect(keys.admission(ZAPRequest(domain: "workers", publicKey: alice)) == .refuse(reason: "key \"alice\" may not connect to workers"))
        #expect(keys.admission(ZAPRequest(domain: "workers", publicKey: robot)) == .admit(userID: robot.z85))
        #expect(keys.admission(ZAPRequest(domain: "clients", publicKey: robot)) == .refuse(reason: "key \"robot\" may not connect to clients"))
        #expect(keys.admission(ZAPRequest(domain: "clients", publicKey: stranger)) == .refuse(reason: "unknown key"))
        #expect(keys.admission(ZAPRequest(domain: "clients", publicKey: nil)) == .refuse(reason: "unknown key"))
    }

    @Test(arguments: [
        ("tcp://127.0.0.1:5570", true), ("tcp://127.3.2.1:*", true), ("tcp://localhost:5570", true), ("tcp://[::1]:5570", true),
        ("ipc:///tmp/interlude", true), ("inproc://broker", true),
        ("tcp://0.0.0.0:5570", false), ("tcp://*:5570", false), ("tcp://10.0.0.5:5570", false), ("tcp://eth0:5570", false),
        ("tcp://127.0.0.1.evil:5570", false), ("tcp://[::]:5570", false),
    ])
    func onlyLoopbackAndLocalTransportsCountAsLocal(endpoint: String, local: Bool) {
        #expect(BrokerEndpoints.isLocal(endpoint) == local)
    }

    @Test func theBrokerNamesTheSettingThatWouldExposeItWithoutKeys() {
        let endpoints = BrokerEndpoints(clients: "tcp://127.0.0.1:5570", workers: "tcp://0.0.0.0:5571", events: "ipc:///tmp/e")
        #expect(endpoints.beyondLoopback.map(\.setting) == ["workers"])
        let error = BrokerStartError.exposedWithoutKeys(setting: "workers", endpoint: "tcp://0.0.0.0:5571")
        #expect(error.description.hasPrefix("workers is tcp://0.0.0.0:5571"))
        #expect(error.description.contains("curveSecretKeyFile and authorizedKeysFile"))
    }

    @Test func theBrokerListensOnOneEndpointNotAList() {
        let endpoints = BrokerEndpoints(clients: "tcp://127.0.0.1:5570", workers: "tcp://127.0.0.1:5571,tcp://127.0.0.1:5581", events: "ipc:///tmp/e")
        #expect(endpoints.list?.setting == "workers")
        #expect(BrokerEndpoints(clients: "tcp://127.0.0.1:5570", workers: "tcp://127.0.0.1:5571", events: "ipc:///tmp/e").list == nil)
        #expect(BrokerStartError.severalEndpoints(setting: "workers", endpoint: "a,b").description.contains("a broker listens on one endpoint"))
    }
}
