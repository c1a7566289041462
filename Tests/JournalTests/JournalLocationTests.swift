import Foundation
import PostgreSQL
import SQLite
import Testing

@testable import Journal

@Suite struct JournalLocationTests {
    let data = URL(fileURLWithPath: "data")

    @Test func anEmptySettingMeansSQLiteInTheDataFolder() throws {
        let location = try JournalLocation(setting: "", data: data)
        #expect(location == .sqlite(folder: data))
        #expect(!location.isShared)
        #expect(location.description.hasSuffix("data/journal.sqlite"))
    }

    @Test(arguments: [(Synchronous.full, Int64(2)), (.normal, 1)])
    func theSQLiteLocationOpensItsFileWithItsSynchronousMode(mode: Synchronous, pragma: Int64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = try JournalLocation(setting: "", data: folder, synchronous: mode)
        #expect(location == .sqlite(folder: folder, synchronous: mode))
        let file = try #require(try location.open().database as? Database)
        #expect(try file.query("PRAGMA synchronous").first?.int("synchronous") == pragma)
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
