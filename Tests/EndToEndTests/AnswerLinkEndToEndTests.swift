import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    @Suite("Answer links") struct AnswerLinks {
        @Test(
            "interlude link prints a link for ana only; its GET answers nothing, its form's POST answers once as ana through channel link, and every other use gets a page that changes nothing",
            arguments: Transport.allCases)
        func aLinkAnswersOnceThroughItsForm(over transport: Transport) async throws {
            let sandbox = try Sandbox("answer-link", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let submitted = try await sandbox.cli("submit", "removeDownload", "--input", blueInGreen, "--for", "ana")
            let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let question = try await sandbox.question(of: job)

            let bobs = try await sandbox.cli("link", question.id, "--for", "bob")
            #expect(bobs.status == 3 && bobs.stderr.contains("bob is not among them"), "\(bobs)")
            let made = try await sandbox.cli("link", question.id, "--for", "ana", "--expires", "10m")
            #expect(made.status == 0, "\(made)")
            let url = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let prefix = sandbox.gatewayURL + "/answer/\(question.id)/"
            #expect(url.hasPrefix(prefix), "\(made)")
            let path = String(url.dropFirst(sandbox.gatewayURL.count))
            let api = sandbox.api(token: transport == .gateway ? Transport.token(for: "e2e") : nil)

            let shown = try await api.get(path)
            #expect(shown.status == 200 && String(decoding: shown.body, as: UTF8.self).contains("Answering as ana"), "\(shown)")
            #expect(try await sandbox.status(job).presentation?.id == question.id, "a GET answers nothing")

            let tampered = try await api.get(path.dropLast() + (path.hasSuffix("A") ? "B" : "A"))
            #expect(tampered.status == 403, "\(tampered)")
            let elsewhere = try await api.get("/answer/p-other/" + path.dropFirst(prefix.count - sandbox.gatewayURL.count))
            #expect(elsewhere.status == 403 && String(decoding: elsewhere.body, as: UTF8.self).contains("another question"), "\(elsewhere)")

            let issued = try await api.post("/v1/presentations/\(question.id)/links", #"{"for": "ana", "expiresIn": 600}"#)
            #expect(issued.status == 201 && String(decoding: issued.body, as: UTF8.self).contains(prefix), "\(issued)")
            let notHers = try await api.post("/v1/presentations/\(question.id)/links", #"{"for": "bob"}"#)
            #expect(notHers.status == 422 && String(decoding: notHers.body, as: UTF8.self).contains("bob is not among them"), "\(notHers)")

            let action = try #require(question.actions.first { $0.role != .cancel })
            let form = ["Content-Type": "application/x-www-form-urlencoded", "Origin": sandbox.gatewayURL]
            let answered = try await api.send("POST", path, body: Data("action=\(action.id)".utf8), headers: form)
            #expect(answered.status == 200 && String(decoding: answered.body, as: UTF8.self).contains("You chose"), "\(answered)")
            let state = try await api.get("/v1/presentations/\(question.id)").decode(BrokerReply.PresentationState.self)
            let resolution = try #require(state.resolution)
            #expect(resolution.by == "ana" && resolution.channel == "link" && resolution.action == action.id, "\(resolution)")

            let again = try await api.send("POST", path, body: Data("action=\(action.id)".utf8), headers: form)
            #expect(again.status == 410 && String(decoding: again.body, as: UTF8.self).contains("already answered by ana (link)"), "\(again)")
            let reopened = try await api.get(path)
            #expect(reopened.status == 410, "\(reopened)")
        }

        @Test(
            "A link page speaks the language Accept-Language asks for: its own sentences, the question's texts from its operation's catalog, and the buttons"
        )
        func aLinkPageInSpanish() async throws {
            let sandbox = try Sandbox("answer-link-es")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let job = try await sandbox.submit("removeDownload", blueInGreen)
            let question = try await sandbox.question(of: job)
            let made = try await sandbox.cli("link", question.id, "--for", "ana")
            let path = try #require(URL(string: made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))?.path, "\(made)")
            let api = sandbox.api()
            let spanish = ["Accept-Language": "fr-FR, fr;q=0.9, es;q=0.8, en;q=0.5"]

            let english = String(decoding: try await api.get(path).body, as: UTF8.self)
            #expect(english.contains(#"<html lang="en">"#) && english.contains("Remove download") && english.contains("Answering as ana"), "\(english)")
            let shown = try await api.get(path, headers: spanish)
            let page = String(decoding: shown.body, as: UTF8.self)
            #expect(shown.status == 200 && page.contains(#"<html lang="es">"#), "\(page)")
            #expect(page.contains("<h1>Eliminar descarga</h1>") && page.contains("Blue in Green dejará de estar disponible sin conexión."), "\(page)")
            #expect(page.contains(">Eliminar</button>") && page.contains(">Cancelar</button>"), "\(page)")
            #expect(page.contains("Respondes como ana; este enlace sirve una vez"), "\(page)")

            let form = spanish.merging(["Content-Type": "application/x-www-form-urlencoded", "Origin": sandbox.gatewayURL]) { _, new in new }
            let answered = try await api.send("POST", path, body: Data("action=remove".utf8), headers: form)
            #expect(answered.status == 200 && String(decoding: answered.body, as: UTF8.self).contains("Has elegido «Eliminar»."), "\(answered)")
            let again = String(decoding: try await api.get(path, headers: spanish).body, as: UTF8.self)
            #expect(again.contains("Nada que responder") && again.contains("la pregunta ya fue respondida por ana (link) con remove."), "\(again)")
            let tampered = String(decoding: try await api.get(path.dropLast() + (path.hasSuffix("A") ? "B" : "A"), headers: spanish).body, as: UTF8.self)
            #expect(tampered.contains("Este enlace de respuesta no es válido"), "\(tampered)")
        }
    }
}
