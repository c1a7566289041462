import Foundation
import Presentation
import Testing

@testable import GatewayClient

@Suite("The gateway's errors") struct GatewayClientErrorTests {
    @Test("The API's error body gives the code, message and the winning resolution; any other body is an unexpected response")
    func readsTheBody() throws {
        let conflict =
            #"{"error":{"code":"alreadyResolved","message":"taken","resolution":{"presentation":"p1","job":"j1","cause":"answered","action":"cancel","by":"ana","channel":"http","at":"2026-01-02T03:04:05.000Z"}}}"#
        let error = GatewayClientError(status: 409, body: Data(conflict.utf8))
        #expect(error.code == "alreadyResolved" && error.message == "taken" && error.status == 409 && error.isLostRace)
        #expect(error.resolution?.by == "ana" && error.resolution?.action == "cancel")
        let plain = GatewayClientError(status: 502, body: Data("<html>Bad Gateway</html>".utf8))
        #expect(plain.code == GatewayClientError.unexpectedResponse && plain.status == 502 && plain.message.contains("Bad Gateway"))
        #expect(!plain.isLostRace)
    }
}
