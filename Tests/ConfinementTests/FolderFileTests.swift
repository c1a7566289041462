import Confinement
import Foundation
import Testing

@Suite struct FolderFileTests {
    @Test func aLinkIsNeitherOpenedNorCreatedThrough() throws {
        let scratch = try Scratch()
        try scratch.file("secret.txt", "outside", in: scratch.outside)
        try scratch.link("peek", to: scratch.outside.appendingPathComponent("secret.txt").path)
        try scratch.link("plant", to: scratch.outside.appendingPathComponent("planted.txt").path)
        let root = try Folder.root(scratch.root)
        let read = #expect(throws: ConfinementError.self) { try root.openFile("peek") }
        #expect(read?.code == .outside)
        #expect(throws: ConfinementError.self) { try root.createFile("plant") }
        #expect(try scratch.names(scratch.outside) == ["secret.txt"], "nothing was created outside")
    }

    @Test func writeReplacesAFileWholeAndLeavesNoTemporaryBehind() throws {
        let scratch = try Scratch()
        try scratch.file("prefs.json", "old")
        let root = try Folder.root(scratch.root)
        try root.write(Data("new".utf8), to: "prefs.json")
        #expect(try root.read("prefs.json") == Data("new".utf8))
        #expect(try root.names() == ["prefs.json"])
    }

    @Test func writingOverALinkReplacesTheLinkNotItsTarget() throws {
        let scratch = try Scratch()
        try scratch.file("victim.txt", "untouched", in: scratch.outside)
        try scratch.link("prefs.json", to: scratch.outside.appendingPathComponent("victim.txt").path)
        let root = try Folder.root(scratch.root)
        try root.write(Data("mine".utf8), to: "prefs.json")
        #expect(try String(contentsOf: scratch.outside.appendingPathComponent("victim.txt"), encoding: .utf8) == "untouched")
        #expect(try root.info("prefs.json")?.entry == .file)
    }

    @Test func removeTreeRemovesLinksButNeverWhatTheyPointTo() throws {
        let scratch = try Scratch()
        try scratch.file("keep.txt", "x", in: scratch.outside)
        try scratch.file("tree/a/b.txt")
        try scratch.link("tree/a/escape", to: scratch.outside.path)
        let root = try Folder.root(scratch.root)
        try root.removeTree("tree")
        #expect(try root.names().isEmpty)
        #expect(try scratch.names(scratch.outside) == ["keep.txt"])
    }

    @Test(arguments: ["", ".", "..", "a/b", "nul\0"])
    func aNameThatIsNotOnePlainComponentIsRefused(name: String) throws {
        let scratch = try Scratch()
        let root = try Folder.root(scratch.root)
        let error = #expect(throws: ConfinementError.self) { try root.createFile(name) }
        #expect(error?.code == .invalidName)
    }

    @Test func infoNamesWhatAnEntryIsWithoutFollowingIt() throws {
        let scratch = try Scratch()
        try scratch.file("f.txt", "12345")
        try scratch.link("l", to: "f.txt")
        let root = try Folder.root(scratch.root)
        #expect(try root.info("f.txt")?.size == 5)
        #expect(try root.info("f.txt")?.entry == .file)
        #expect(try root.info("l")?.entry == .link("f.txt"))
        #expect(try root.info("none") == nil)
        #expect(root.availableBytes.map { $0 > 0 } == true)
    }
}
