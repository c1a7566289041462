import Broker
import Foundation
import Presentation
import Testing
import Wire
import ZeroMQ

@Suite struct RoleTests {
    static let requests: [(String, ClientRequest)] = [
        ("submit", .submit(.init(operation: "noop", input: .object([:])))),
        ("status", .status(.init(job: "job_1"))),
        ("jobs", .jobs(.init())),
        ("pending", .pending(.init())),
        ("presentation", .presentation(.init(id: "prs_1"))),
        ("answer", .answer(.init(presentation: "prs_1", action: "remove", by: "", channel: "cli"))),
        ("cancel", .cancel(.init(job: "job_1"))),
        ("events", .events(.init(after: 0))),
        ("stats", .stats),
        ("operations", .operations(.init())),
    ]

    @Test(arguments: [
        (Role.worker, [String]()),
        (.client, ["submit", "status", "jobs", "pending", "presentation", "cancel", "events", "stats", "operations"]),
        (.answerer, ["status", "jobs", "pending", "presentation", "answer", "events", "stats", "operations"]),
        (.reader, ["status", "jobs", "pending", "presentation", "events", "stats", "operations"]),
        (.gateway, ["submit", "status", "jobs", "pending", "presentation", "answer", "cancel", "events", "stats", "operations"]),
    ])
    func eachRolePermitsItsCommandsAndNoOthers(role: Role, allowed: [String]) {
        let permitted = Set(Self.requests.filter { role.permits($0.1) }.map(\.0))
        #expect(permitted == Set(allowed))
    }

    @Test func anAnswererAnswersUnderItsKeysNameAndCannotTakeAnother() throws {
        let alice = Identity(name: "alice", roles: [.answerer], key: try CurveKeyPair.generate().publicKey)
        for by in ["", "alice"] {
            let request = ClientRequest.answer(.init(presentation: "prs_1", action: "remove", by: by, channel: "cli"))
            guard case .answer(let answer) = try alice.authorize(request) else {
                Issue.record("an answer stays an answer")
                continue
            }
            #expect(answer.by == "alice")
            #expect(answer.action == "remove")
        }
        let impersonation = ClientRequest.answer(.init(presentation: "prs_1", action: "remove", by: "bob", channel: "cli"))
        let error = #expect(throws: WireError.self) { try alice.authorize(impersonation) }
        #expect(error?.code == .forbidden)
        #expect(error?.message == "key \"alice\" may answer only as \"alice\", not as \"bob\"")
    }

    @Test func theGatewayPassesItsCallersNameOn() throws {
        let gateway = Identity(name: "web", roles: [.gateway], key: try CurveKeyPair.generate().publicKey)
        let request = ClientRequest.answer(.init(presentation: "prs_1", action: "remove", by: "ci-token", channel: "http"))
        #expect(try gateway.authorize(request) == request)
    }

    @Test func aRefusalNamesTheKeyItsRolesAndTheCommand() throws {
        let robot = Identity(name: "robot", roles: [.worker, .client], key: try CurveKeyPair.generate().publicKey)
        let error = #expect(throws: WireError.self) { try robot.authorize(Self.requests[5].1) }
        #expect(error?.code == .forbidden)
        #expect(error?.message == "key \"robot\" (worker, client) may not answer; see docs/security.md")
    }
}
