import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire
import ZeroMQ

@Suite struct RoleTests {
    static let requests: [(String, ClientRequest)] = [
        ("submit", .submit(.init(operation: "noop", input: .object([:])))),
        ("submitMany", .submitMany(.init(operation: "noop", items: [.init(input: .object([:]))]))),
        ("status", .status(.init(job: "job_1"))),
        ("jobs", .jobs(.init())),
        ("pending", .pending(.init())),
        ("presentation", .presentation(.init(id: "prs_1"))),
        ("answer", .answer(.init(presentation: "prs_1", action: "remove", by: "", channel: "cli"))),
        ("cancel", .cancel(.init(job: "job_1"))),
        ("events", .events(.init(after: 0))),
        ("stats", .stats),
        ("operations", .operations(.init())),
        ("history", .history(.init(job: "job_1"))),
    ]

    /// docs/security.md, its text.
    static let security: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/security.md"), encoding: .utf8)) ?? ""
    }()

    /// The backticked names in a cell of a table row.
    static func names(_ cell: Substring) -> Set<String> {
        Set(cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    @Test(arguments: [
        (Role.worker, [String]()),
        (.client, ["submit", "submitMany", "status", "jobs", "pending", "presentation", "cancel", "events", "stats", "operations", "history"]),
        (.answerer, ["status", "jobs", "pending", "presentation", "answer", "events", "stats", "operations", "history"]),
        (.reader, ["status", "jobs", "pending", "presentation", "events", "stats", "operations", "history"]),
        (.gateway, ["submit", "submitMany", "status", "jobs", "pending", "presentation", "answer", "cancel", "events", "stats", "operations", "history"]),
    ])
    func eachRolePermitsItsCommandsAndNoOthers(role: Role, allowed: [String]) {
        let permitted = Set(Self.requests.filter { role.permits($0.1) }.map(\.0))
        #expect(permitted == Set(allowed))
    }

    @Test func theRequestsAboveAreOneOfEachDeclaredRequest() {
        #expect(Self.requests.map(\.1.kind.rawValue) == Self.requests.map(\.0))
        #expect(Set(Self.requests.map(\.1.kind)) == Set(ClientRequest.Kind.allCases))
    }

    @Test(arguments: Role.allCases)
    func theSecurityDocumentsRoleTableSaysWhatEachRoleMayConnectToAndRequest(role: Role) throws {
        let row = try #require(
            Self.security.split(separator: "\n").first { $0.hasPrefix("| `\(role.rawValue)` |") }, "docs/security.md has no row for \(role.rawValue)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(cells.count == 4)
        #expect(Self.names(cells[1][...]) == Set(role.domains.map(\.rawValue)))
        let permitted = Set(Self.requests.filter { role.permits($0.1) }.map(\.0))
        #expect(Self.names(cells[3][...]) == permitted)
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
        let answer = try #require(Self.requests.first { $0.0 == "answer" }).1
        let error = #expect(throws: WireError.self) { try robot.authorize(answer) }
        #expect(error?.code == .forbidden)
        #expect(error?.message == "key \"robot\" (worker, client) may not answer; see docs/security.md")
    }
}
