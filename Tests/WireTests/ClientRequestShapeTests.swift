import Foundation
import JSON
import Testing
import Wire

/// The client requests declared as shapes read and write what their Codable forms did.
@Suite struct ClientRequestShapeTests {
    @Test func aListOfJobsReadsTheCursorsFormerNameAndWritesOnlyAfter() throws {
        let former = try JSONReader.read(ClientRequest.ListJobs.self, from: #"{"before":"c1","limit":5}"#)
        #expect(former == ClientRequest.ListJobs(limit: 5, after: "c1"))
        #expect(try JSONWriter.text(former) == #"{"after":"c1","limit":5}"#)
        let both = try JSONReader.read(ClientRequest.ListJobs.self, from: #"{"after":"a","before":"b"}"#)
        #expect(both.after == "a", "after wins when both are given")
        let decoded = try JSONCoding.decoder.decode(ClientRequest.ListJobs.self, from: Data(#"{"before":"c1","state":"queued"}"#.utf8))
        #expect(decoded == ClientRequest.ListJobs(state: .queued, after: "c1"))
        #expect(try JSONWriter.text(ClientRequest.ListJobs()) == "{}")
    }

    @Test func optionalMembersAreLeftOutAndNullReadsAsAbsent() throws {
        let answer = ClientRequest.AnswerRequest(presentation: "p1", action: nil, dismiss: true, by: "ada", channel: "cli")
        #expect(try JSONWriter.text(answer) == #"{"by":"ada","channel":"cli","dismiss":true,"presentation":"p1"}"#)
        let read = try JSONReader.read(
            ClientRequest.AnswerRequest.self, from: #"{"presentation":"p1","action":null,"by":"ada","channel":"cli","dismiss":true}"#)
        #expect(read == answer)
        #expect(throws: JSONReadError.self) { try JSONReader.read(ClientRequest.AnswerRequest.self, from: #"{"presentation":"p1","by":"ada"}"#) }
    }
}
