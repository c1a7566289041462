import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd.Browser {
    /// A question whose Go button names `action.go`, which each raw operation translates its own way.
    static let asking = Presentation.Draft.alert(
        "Go on?", actions: [Action(id: "go", label: "Go", localization: Localization("action.go")), Action(id: "cancel", label: "Cancel", role: .cancel)])

    @Test("In the page each question takes its texts from its own operation: two operations' action.go differ, Remove download stays as shipped")
    func eachQuestionUsesItsOwnOperationsTexts() async throws {
        let sandbox = try Sandbox("browser-catalog")
        defer { sandbox.shutdown() }
        // A long heartbeat, so the raw worker (which sends none) stays alive through the test.
        try await sandbox.startUp(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        let remove = try await sandbox.submit("removeDownload", blueInGreen)
        let removeQuestion = try await sandbox.question(of: remove)

        let worker = try RawWorker(sandbox.workers)
        let first = OperationAnnouncement(name: "aaFirst", summary: "First", input: nil, catalog: Catalog(["en": ["action.go": "Go first"]]))
        let second = OperationAnnouncement(name: "zzSecond", summary: "Second", input: nil, catalog: Catalog(["en": ["action.go": "Go second"]]))
        let welcome = try await onThread { try worker.announce("raw-1", [first, second], capacity: 2) }
        #expect(welcome.operations == ["aaFirst", "zzSecond"] && welcome.refused == nil, "\(welcome)")
        var questions: [String: String] = [:]
        for operation in ["aaFirst", "zzSecond"] {
            let job = try await sandbox.submit(operation, "{}")
            let presented = try await onThread { () throws -> Presentation in
                let dispatch = try worker.dispatch()
                try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: Self.asking)), correlation: "p")
                while true {
                    if case .presented(let presentation) = try worker.receive() { return presentation }
                }
            }
            #expect(presented.job == job)
            questions[operation] = presented.id
        }
        // The gateway keeps the operations a few seconds: open the page once it serves both catalogs.
        // (Both were announced in one ready, so a catalog with one holds the other.)
        _ = try await sandbox.eventually("the page's catalog to hold the raw operations' texts", timeout: .seconds(20), poll: .milliseconds(200)) {
            () async throws -> Bool? in
            String(decoding: try await sandbox.api().get("/catalog.json").body, as: UTF8.self).contains("Go first") ? true : nil
        }
        let run = try await BrowserTools.run(
            ["--remove", removeQuestion.id, "--first", questions["aaFirst"] ?? "", "--second", questions["zzSecond"] ?? ""],
            script: "page_catalog.py", in: sandbox)
        #expect(run.passed, "\(run)")
    }
}

extension EndToEnd.Browser {
    static func texts(_ title: String) -> OperationAnnouncement {
        OperationAnnouncement(name: "aaTexts", summary: "Texts", input: nil, catalog: Catalog(["en": ["aaTexts.ask.title": title]]))
    }

    @Test("An open page shows the texts of a catalog version announced after it loaded, without a reload")
    func anOpenPageTakesANewCatalogVersion() async throws {
        let sandbox = try Sandbox("browser-catalog-refresh")
        defer { sandbox.shutdown() }
        // A long heartbeat, so the raw workers (which send none) stay alive through the test.
        try await sandbox.startUp(environment: ["INTERLUDE_HEARTBEAT_MS": "10000"])
        let worker = try RawWorker(sandbox.workers)
        _ = try await onThread { try worker.announce("raw-1", [Self.texts("First version")]) }
        let job = try await sandbox.submit("aaTexts", "{}")
        let draft = Presentation.Draft.alert("Ask?", actions: [Action(id: "cancel", label: "Cancel", role: .cancel)], localization: Localization("aaTexts.ask"))
        try await onThread {
            let dispatch = try worker.dispatch()
            try worker.send(.present(.init(job: dispatch.job, attempt: dispatch.attempt, sequence: 1, draft: draft)), correlation: "p")
        }
        let question = try await sandbox.question(of: job)
        _ = try await sandbox.eventually("the page's catalog to hold the first version", timeout: .seconds(20), poll: .milliseconds(200)) {
            () async throws -> Bool? in
            String(decoding: try await sandbox.api().get("/catalog.json").body, as: UTF8.self).contains("First version") ? true : nil
        }
        let marker = sandbox.root.appendingPathComponent("page-loaded")
        let browser = try BrowserTools.start(["--question", question.id, "--marker", marker.path], script: "page_catalog_refresh.py", in: sandbox)
        defer { browser.kill() }
        _ = try await sandbox.eventually("the page to show the first version", timeout: .seconds(60), poll: .milliseconds(100)) {
            () async throws -> Bool? in
            FileManager.default.fileExists(atPath: marker.path) || !browser.isRunning ? true : nil
        }
        // A second worker announces the new version (the first keeps its job and question).
        let second = try RawWorker(sandbox.workers)
        let welcome = try await onThread { try second.announce("raw-2", [Self.texts("Second version")]) }
        #expect(welcome.operations == ["aaTexts"], "\(welcome)")
        let run = try await BrowserTools.finish(browser, in: sandbox)
        #expect(run.passed, "\(run)")
    }
}
