import Foundation
import Journal
import PostgreSQL
import Testing

@Suite struct JournalLocationTests {
    let data = URL(fileURLWithPath: "data")

    @Test func anEmptySettingMeansSQLiteInTheDataFolder() throws {
        let location = try JournalLocation(setting: "", data: data)
        #expect(location == .sqlite(folder: data))
        #expect(!location.isShared)
        #expect(location.description.hasSuffix("data/journal.sqlite"))
    }

    @Test(arguments: ["postgres://ana:s3cret@db:5432/jobs", "postgresql://ana:s3cret@db/jobs"])
    func aPostgreSQLURLMeansPostgreSQLAndIsShownWithoutItsPassword(_ setting: String) throws {
        let location = try JournalLocation(setting: setting, data: data)
        #expect(location.isShared)
        #expect(location.description.contains("ana:***@db"))
        #expect(!location.description.contains("s3cret"))
    }

    @Test(arguments: ["journal.sqlite", "mysql://ana:s3cret@db/jobs", "postgresql://ana:s3cret@[::1/jobs"])
    func anythingElseIsRefusedWithoutItsPassword(_ setting: String) {
        #expect {
            try JournalLocation(setting: setting, data: data)
        } throws: { error in
            !"\(error)".contains("s3cret")
        }
    }
}
