import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// The web page in headless Chromium, driven by `Browser/answer_in_page.py` and `Browser/page_inbox.py` (Selenium) against
    /// `interlude up`. Screenshots are recorded as test attachments (`swift test --attachments-path DIR`)
    /// and copied to `$INTERLUDE_E2E_SCREENSHOTS` when that is set.
    @Suite(
        "The web page in a real browser",
        .enabled(
            if: BrowserTools.available, "needs Debian's chromium, chromium-driver and python3-selenium: INTERLUDE_WITH_TEST_TOOLS=1 scripts/install-deps.sh"))
    struct Browser {
        @Test("A person answers Remove download in the page; the job succeeds with removed: true")
        func answeringInThePage() async throws {
            let sandbox = try Sandbox("browser")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let file = TestLibrary.download("t-101", in: sandbox.library)

            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            let run = try await BrowserTools.run(["answer", "--presentation", question.id], in: sandbox)
            #expect(run.passed, "\(run)")
            #expect(run.summary.contains("Remove is red"), "\(run)")

            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded)
            #expect(done.result == .object(["removed": .bool(true)]))
            #expect(!FileManager.default.fileExists(atPath: file.path), "the download is gone")
            let resolution = try await sandbox.journalEvents().compactMap(\.resolution).first { $0.presentation == question.id }
            #expect(resolution?.channel == "web", "answered through the page: \(String(describing: resolution))")
            #expect(resolution?.action == "remove")
        }

        @Test("A question answered elsewhere closes in the page with who answered it")
        func answeredElsewhere() async throws {
            let sandbox = try Sandbox("browser-elsewhere")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()

            let job = try await sandbox.submit("removeDownload", soWhat)
            let question = try await sandbox.question(of: job)
            let browser = try BrowserTools.start(
                ["elsewhere", "--presentation", question.id, "--expect", "Answered by bob (cli) with Cancel"], in: sandbox)
            defer { browser.kill() }
            _ = try await sandbox.eventually("the page to show the dialog", timeout: .seconds(60), poll: .milliseconds(100)) { () throws -> Bool? in
                if browser.stdout.contains("ready") { return true }
                if let ended = browser.termination { throw EndToEndFailure("the browser script ended early (\(ended)):\n\(browser.stdout)\n\(browser.stderr)") }
                return nil
            }
            let answer = try await sandbox.cli("answer", question.id, "cancel", "--as", "bob")
            #expect(answer.status == 0, "\(answer)")
            let run = try await BrowserTools.finish(browser, in: sandbox)
            #expect(run.passed, "\(run)")

            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.result == .object(["removed": .bool(false)]))
        }

        @Test(
            "The page is an inbox: Connecting… until the first snapshot, what is for you first, no dialog by itself, keyboard, Escape answers nothing, a count in the title, notifications, filters, search, failures without server paths, an opened job's timeline and deadline, WCAG AA contrast in light and dark"
        )
        func inbox() async throws {
            let sandbox = try Sandbox("browser-inbox")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let remove = try await sandbox.submit("removeDownload", blueInGreen)
            let removeQuestion = try await sandbox.question(of: remove)
            let forMe = try await sandbox.cli("submit", "resetPreferences", "--for", "anonymous")  // the open page's caller
            let reset = forMe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let resetQuestion = try await sandbox.question(of: reset)
            let failed = try await sandbox.submit("restoreBackup", #"{"backup": "missing.tar.gz"}"#)  // the library has no backups/
            let failure = try await sandbox.waitForEnd(of: failed)
            let folder = sandbox.library.appendingPathComponent("backups").path
            #expect(failure.error?.code == "backupNotFound" && failure.error?.message.contains(folder) == true, "a message naming a server folder: \(failure)")

            let run = try await BrowserTools.run(
                [
                    "--presentation", removeQuestion.id, "--job", remove, "--second", resetQuestion.id, "--waiting-job", reset,
                    "--failed", failed, "--forbid", folder,
                ], script: "page_inbox.py", in: sandbox)
            #expect(run.passed, "\(run)")

            let still = try await sandbox.question(of: reset)
            #expect(still.id == resetQuestion.id, "Escape closed the dialog without answering")
            let done = try await sandbox.waitForEnd(of: remove)
            #expect(done.outcome?.action == "cancel" && done.outcome?.cause == .answered)
            let resolution = try await sandbox.journalEvents().compactMap(\.resolution).first { $0.presentation == removeQuestion.id }
            #expect(resolution?.channel == "web", "answered through the page: \(String(describing: resolution))")
        }

        @Test(
            "A text field in the page shows only under its action, its placeholder as an example: Use Another Folder with no folder is refused naming the field, then exports where the person typed"
        )
        func textField() async throws {
            let sandbox = try Sandbox("browser-field")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let exports = sandbox.library.appendingPathComponent("exports")
            let input = #"{"project": "atlas", "destination": "\#(exports.path)/usb"}"#
            let job = try await sandbox.submit("exportProject", input)
            let question = try await sandbox.question(of: job)
            #expect(question.fields.map(\.id) == ["folder"])

            let run = try await BrowserTools.run(
                ["--presentation", question.id, "--folder", exports.path], script: "page_field.py", in: sandbox)
            #expect(run.passed, "\(run)")

            let done = try await sandbox.waitForEnd(of: job)
            #expect(done.state == .succeeded, "\(done)")
            guard case .object(let result)? = try done.result?.value else { throw EndToEndFailure("no result: \(done)") }
            #expect(result["exported"] == .bool(true), "\(done)")
            #expect(FileManager.default.fileExists(atPath: exports.appendingPathComponent("atlas.tar.gz").path))
            let resolution = try await sandbox.journalEvents().compactMap(\.resolution).first { $0.presentation == question.id }
            #expect(resolution?.action == "useAnotherFolder" && resolution?.values == ["folder": exports.path] && resolution?.channel == "web")
        }
    }
}

/// Runs the scripts under `Browser/` (`answer_in_page.py`, `page_inbox.py`, `page_field.py`, `page_catalog.py`, `page_history.py`,
/// `page_signin.py`) with Debian's python3 (which sees Debian's selenium).
enum BrowserTools {
    static let python = "/usr/bin/python3"
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    static let selenium = "/usr/lib/python3/dist-packages/selenium"
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser")
    static let script = folder.appendingPathComponent("answer_in_page.py")

    /// Whether everything the browser test needs is installed.
    static var available: Bool {
        [
            python, chromium, chromedriver, selenium, script.path, folder.appendingPathComponent("page_inbox.py").path,
            folder.appendingPathComponent("page_field.py").path, folder.appendingPathComponent("page_catalog.py").path,
            folder.appendingPathComponent("page_history.py").path, folder.appendingPathComponent("page_signin.py").path,
        ].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// How a run of the script ended: its exit status and the JSON summary it printed last.
    struct Run: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        var passed: Bool { status == 0 }
        var summary: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
        var description: String {
            let meaning = status == 3 ? " (Chromium could not be started)" : ""
            return "the browser script exit \(status)\(meaning)\nstdout: \(stdout)\nstderr: \(stderr.suffix(3_000))"
        }
    }

    /// Starts the script against the sandbox's gateway, screenshots going to `<sandbox>/screenshots`.
    static func start(_ arguments: [String], script name: String = "answer_in_page.py", in sandbox: Sandbox) throws -> ProcessHandle {
        let shots = sandbox.root.appendingPathComponent("screenshots", isDirectory: true)
        return try ProcessHandle(
            name: "browser", executable: URL(fileURLWithPath: python),
            arguments: [folder.appendingPathComponent(name).path] + arguments + ["--url", sandbox.gatewayURL + "/", "--screenshots", shots.path],
            environment: sandbox.environment(), directory: sandbox.root, logs: sandbox.logs)
    }

    /// Waits (at most 100 s; the script gives up by itself after 80 s) for the script to end, then
    /// records its screenshots.
    static func finish(_ handle: ProcessHandle, in sandbox: Sandbox) async throws -> Run {
        guard let ended = await handle.exit(within: .seconds(100)) else {
            handle.kill()
            throw EndToEndFailure("the browser script did not end within 100 s:\n\(handle.stdout)\n\(handle.stderr)")
        }
        try keepScreenshots(of: sandbox)
        return Run(status: ended.signalled ? -ended.status : ended.status, stdout: handle.stdout, stderr: handle.stderr)
    }

    /// Runs the script to its end.
    static func run(_ arguments: [String], script: String = "answer_in_page.py", in sandbox: Sandbox) async throws -> Run {
        let handle = try start(arguments, script: script, in: sandbox)
        defer { handle.kill() }
        return try await finish(handle, in: sandbox)
    }

    /// Attaches every screenshot to the test and copies it to `$INTERLUDE_E2E_SCREENSHOTS` if set.
    private static func keepScreenshots(of sandbox: Sandbox) throws {
        let shots = sandbox.root.appendingPathComponent("screenshots", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shots.path)) ?? []
        let keep = ProcessInfo.processInfo.environment["INTERLUDE_E2E_SCREENSHOTS"].flatMap { $0.isEmpty ? nil : $0 }
        if let keep { try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true) }
        for name in names.sorted() where name.hasSuffix(".png") {
            let file = shots.appendingPathComponent(name)
            Attachment.record(try Data(contentsOf: file), named: name)
            if let keep {
                let copy = URL(fileURLWithPath: keep).appendingPathComponent(name)
                try? FileManager.default.removeItem(at: copy)
                try FileManager.default.copyItem(at: file, to: copy)
            }
        }
    }
}
