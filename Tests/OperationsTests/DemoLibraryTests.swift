import Archive
import Foundation
import JSON
import Operations
import Presentation
import Testing

@Suite struct DemoLibraryTests {
    @Test func theDemoLibraryHasSomethingForEveryOperation() async throws {
        try await withTemporaryFolder { folder async throws in
            let library = folder.appendingPathComponent("library")
            #expect(try DemoLibrary.create(at: library))
            #expect(try names(in: library) == ["backups", "data", "downloads", "exports", "itinerary.json", "preferences.json", "projects"])
            #expect(try names(in: library.appendingPathComponent("downloads")) == ["index.json", "t-101.m4a", "t-102.m4a", "t-103.m4a"])
            #expect(try json(library.appendingPathComponent("downloads/index.json"))["t-101"] == .string("Blue in Green"))
            #expect(try TarGz.list(library.appendingPathComponent("backups/\(DemoLibrary.backupName)")).contains("data/library.json"))
            #expect(
                try json(library.appendingPathComponent("itinerary.json"))
                    == .object([
                        "days": .object(["1": .array([.string("Porto")]), "2": .array([.string("Lisbon")])])
                    ]))
            #expect(try json(library.appendingPathComponent("preferences.json"))["theme"] == .string("dark"))
            #expect(try names(in: library.appendingPathComponent("projects/atlas")).contains("chapters"))
        }
    }

    @Test func creatingItAgainChangesNothing() async throws {
        try await withTemporaryFolder { folder async throws in
            let library = folder.appendingPathComponent("library")
            try DemoLibrary.create(at: library)
            try Data("mine".utf8).write(to: library.appendingPathComponent("preferences.json"))
            let before = try snapshot(of: library)
            #expect(try DemoLibrary.create(at: library) == false)
            #expect(try snapshot(of: library) == before)
        }
    }

    @Test func anEmptyFolderIsFilledButAnyOtherFolderIsLeftAlone() async throws {
        try await withTemporaryFolder { folder async throws in
            #expect(try DemoLibrary.create(at: folder), "an existing empty folder gets the demo")
            let other = folder.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            try Data().write(to: other.appendingPathComponent("notes.txt"))
            #expect(try DemoLibrary.create(at: other) == false)
            #expect(try names(in: other) == ["notes.txt"])
        }
    }
}
