import Confinement
import Foundation
import Testing

@Suite struct FolderWalkTests {
    @Test func pathsAndLinksThatStayInsideResolve() throws {
        let scratch = try Scratch()
        try scratch.file("a/b/c.txt", "inside")
        try scratch.link("toA", to: "a")
        try scratch.link("a/b/up", to: "..")
        try scratch.link("absolute", to: scratch.root.resolvingSymlinksInPath().path + "/a/b")
        let root = try Folder.root(scratch.root)

        #expect(try root.folder("a/b").names() == ["c.txt", "up"])
        #expect(try root.folder("toA/b").names() == ["c.txt", "up"])
        #expect(try root.folder("a/b/up/b").names() == ["c.txt", "up"])
        #expect(try root.folder("absolute").names() == ["c.txt", "up"])
        let (holder, name) = try root.place("toA/b/c.txt")
        #expect(name == "c.txt")
        #expect(try holder.read(name) == Data("inside".utf8))
        #expect(try root.folder("a/./b/..").names() == ["b"])
    }

    @Test(arguments: [
        ("out", "../outside"), ("deep", "a/../../outside"), ("absoluteOut", "/etc"), ("up", ".."),
    ])
    func aLinkThatLeavesTheRootIsRefused(name: String, target: String) throws {
        let scratch = try Scratch()
        try scratch.file("a/x.txt")
        try scratch.link(name, to: target)
        let root = try Folder.root(scratch.root)
        let error = #expect(throws: ConfinementError.self) { try root.folder(name) }
        #expect(error?.code == .outside, "\(String(describing: error))")
        #expect(throws: ConfinementError.self) { try root.place("\(name)/anything") }
    }

    @Test func aChainOfLinksThatEachLookInsideButLeaveTogetherIsRefused() throws {
        // Lexically `u/..` is the root itself; through `u -> .` it is the root's parent.
        let scratch = try Scratch()
        try scratch.link("u", to: ".")
        try scratch.link("v", to: "u/..")
        let root = try Folder.root(scratch.root)
        #expect(try root.folder("u").path == root.path)
        let error = #expect(throws: ConfinementError.self) { try root.folder("v") }
        #expect(error?.code == .outside)
    }

    @Test func climbingAboveTheRootIsRefused() throws {
        let scratch = try Scratch()
        try scratch.file("a/x.txt")
        let root = try Folder.root(scratch.root)
        let error = #expect(throws: ConfinementError.self) { try root.folder("a/../..") }
        #expect(error?.code == .outside)
        #expect(throws: ConfinementError.self) { try root.place("../outside/x") }
    }

    @Test func aLoopOfLinksEndsWithTooManyLinks() throws {
        let scratch = try Scratch()
        try scratch.link("l1", to: "l2")
        try scratch.link("l2", to: "l1")
        let error = #expect(throws: ConfinementError.self) { try Folder.root(scratch.root).folder("l1") }
        #expect(error?.code == .tooManyLinks)
    }

    @Test func aFolderAlreadyOpenStaysTheSameFolderWhenItsNameIsSwappedForALink() throws {
        let scratch = try Scratch()
        try scratch.file("drop/keep.txt")
        let root = try Folder.root(scratch.root)
        let drop = try root.folder("drop")
        // Between the check and the write, someone moves the folder and puts a link to outside in its place.
        try FileManager.default.moveItem(at: scratch.root.appendingPathComponent("drop"), to: scratch.root.appendingPathComponent("moved"))
        try scratch.link("drop", to: scratch.outside.path)
        try drop.write(Data("late".utf8), to: "late.txt")
        #expect(try scratch.names(scratch.outside).isEmpty, "nothing was written through the swapped-in link")
        #expect(try scratch.names(scratch.root.appendingPathComponent("moved")) == ["keep.txt", "late.txt"])
        #expect(throws: ConfinementError.self) { try root.folder("drop") }
    }
}
