import Foundation
import Presentation
import Schema
import Testing
import Wire

extension EndToEnd {
    /// The broker knows only what workers announce, keeps it in its journal, and checks submits against it.
    @Suite("Announced operations") struct Operations {
        @Test("Before any worker, a submit is refused naming no operation; once one announces, its schema decides", arguments: Transport.allCases)
        func announcedOperationsDecideWhatIsAccepted(over transport: Transport) async throws {
            let sandbox = try Sandbox("operations", transport: transport)
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            try await sandbox.startTransport()

            let early = try await sandbox.cli("submit", "addStop", "--input", #"{"place": "Lisbon", "day": 3}"#)
            #expect(early.status == 1, "\(early)")
            #expect(early.stderr.contains("unknown operation \"addStop\": no worker has announced it; no worker has announced any operation yet"))
            #expect(try await sandbox.cli("operations").stdout.contains("No operation is known yet"))
            #expect(try await sandbox.jobs().isEmpty, "nothing was journaled")

            let worker = try await sandbox.startWorker("w1")
            let list = try await sandbox.cliJSON(BrokerReply.OperationList.self, "operations", "--json")
            #expect(
                list.operations.map(\.name) == [
                    "addStop", "clearDownloads", "deployRelease", "exportProject", "noop", "removeDownload", "resetPreferences", "restoreBackup",
                ])
            let addStop = try #require(list.operations.first)
            #expect(addStop.input == .object(["place": .string(), "day": .integer()], required: ["place", "day"]))
            #expect(addStop.workers == ["w1"])
            #expect(addStop.catalog.tables["es"]?["addStop.conflict.title"] == "La parada ya está planificada")

            let text = try await sandbox.cli("operations", "addStop")
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("addStop — Add a place to a day of the itinerary"))
            #expect(text.stdout.contains("day    integer, required"))
            #expect(text.stdout.contains("workers  w1"))
            #expect(try await sandbox.cli("operations", "nope").status == 1)
            let spanish = try await sandbox.cli("operations", "addStop", "--locale", "es")
            #expect(spanish.stdout.contains("addStop — Añadir un lugar a un día del itinerario, preguntando si ya está previsto"), "\(spanish)")

            let bad = try await sandbox.cli("submit", "addStop", "--input", #"{"place": 7}"#)
            #expect(bad.status == 1, "\(bad)")
            #expect(bad.stderr.contains("$.day: is required"))
            #expect(bad.stderr.contains("$.place: must be a string, is an integer"))
            let unknown = try await sandbox.cli("submit", "greet")
            #expect(
                unknown.stderr.contains("known: addStop, clearDownloads, deployRelease, exportProject, noop, removeDownload, resetPreferences, restoreBackup"))
            #expect(try await sandbox.jobs().isEmpty, "refused submits journal nothing")

            let help = try await sandbox.cli("submit", "--help")
            #expect(help.stdout.contains("addStop           Add a place to a day of the itinerary"), "\(help)")

            // The registry is in the journal: a restarted broker knows the operations with no worker connected.
            worker.kill()
            broker.kill()
            try await sandbox.startBroker(name: "broker-restarted")
            let known = try await sandbox.cli("operations", "noop")
            #expect(known.stdout.contains("workers  none connected"), "\(known)")
            let queued = try await sandbox.submit("noop", "{}")
            #expect(try await sandbox.status(queued).state == .queued)
            #expect(try await sandbox.cli("submit", "addStop", "--input", "{}").status == 1, "still checked against the journaled schema")
        }
    }
}
