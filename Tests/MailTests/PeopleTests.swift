import Foundation
import Mail
import Testing

/// The people file: names to addresses and languages; a bad one is refused saying what is wrong.
@Suite struct PeopleTests {
    @Test func aPeopleFileGivesEachNameItsAddressAndLanguage() throws {
        let json = #"{"people": {"ana": {"email": "ana@example.com", "language": "es"}, "luis": {"email": "luis@example.com"}}}"#
        let people = try People(json: Data(json.utf8), path: "people.json")
        #expect(people.byName == ["ana": People.Person(email: "ana@example.com", language: "es"), "luis": People.Person(email: "luis@example.com")])
    }

    @Test(arguments: [
        #"{"people": {"ana": {"email": "ana@example.com\r\nBcc: all@example.com"}}}"#, #"{"people": {"ana": {"email": "Ana <ana@example.com>"}}}"#,
        #"{"people": {"ana": {"email": "ana"}}}"#, #"{"people": {"ana": {"email": "a b@example.com"}}}"#, #"{"people": ["ana"]}"#, "not json",
    ])
    func aBadFileOrAddressIsRefusedNamingTheFile(json: String) {
        let error = #expect(throws: MailError.self) { try People(json: Data(json.utf8), path: "people.json") }
        #expect(error?.code == .invalidPeople && error?.message.contains("people.json") == true)
    }

    @Test func aMissingFileMeansNobody() throws {
        #expect(try People(file: "/nonexistent/people.json").byName.isEmpty)
        #expect(try People(file: "").byName.isEmpty)
    }
}
