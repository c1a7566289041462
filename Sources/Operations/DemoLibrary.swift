import Archive
public import Foundation
import WorkerKit

/// A small library folder on which every shipped operation does something a person can see.
public enum DemoLibrary {
    /// The demo downloads: track id and title, in `downloads/index.json`.
    public static let tracks: [(id: String, title: String)] = [
        ("t-101", "Blue in Green"), ("t-102", "So What"), ("t-103", "Flamenco Sketches"),
    ]

    /// The name of the titles index in `downloads/`; never taken for a download.
    public static let downloadsIndex = "index.json"

    /// The file name of the demo backup in `backups/`.
    public static let backupName = "demo.tar.gz"

    /// Fills `folder` with the demo library if it is missing or empty; returns whether it created anything.
    @discardableResult
    public static func create(at folder: URL) throws -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard names.isEmpty else { return false }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for track in tracks {
            try write("Demo audio for \(track.title).\n", to: "downloads/\(track.id).m4a", in: folder)
        }
        let index = Dictionary(uniqueKeysWithValues: tracks.map { ($0.id, $0.title) })
        try write(String(decoding: try JSONCoding.prettyEncoder.encode(index), as: UTF8.self), to: "downloads/\(downloadsIndex)", in: folder)
        try write("# Atlas\n\nA travel guide in progress.\n", to: "projects/atlas/README.md", in: folder)
        try write("Check the tram timetable.\n", to: "projects/atlas/notes.txt", in: folder)
        try write("# Lisbon\n\nMiradouros and pastéis.\n", to: "projects/atlas/chapters/01-lisbon.md", in: folder)
        try write("# Porto\n\nThe Ribeira at dusk.\n", to: "projects/atlas/chapters/02-porto.md", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("exports"), withIntermediateDirectories: true)
        try write("{\"playlists\": [\"Evening\"]}\n", to: "data/library.json", in: folder)
        try write("Evening: t-101, t-103\n", to: "data/playlists/evening.txt", in: folder)
        try makeBackup(in: folder)
        let library = try LibraryFiles.root(folder)
        try library.writeJSON(ResetPreferences.Preferences(theme: "dark", notifications: false, downloadQuality: "normal"), to: "preferences.json")
        try library.writeJSON(Itinerary(days: ["1": ["Porto"], "2": ["Lisbon"]]), to: Itinerary.fileName)
        return true
    }

    /// What the demo library holds at its top (and what its operations write there, such as the live release):
    /// anything else in a folder means it is not (only) the demo's.
    public static let topLevelNames: Set<String> = [
        "downloads", "projects", "exports", "data", "backups", "preferences.json", Itinerary.fileName, DeployRelease.fileName,
    ]

    /// Restores the demo library in `folder` to how `create` makes it: everything the demo put there is
    /// removed and made again. Refused (nothing is removed) when the folder holds a name the demo does
    /// not use at its top (hidden working folders of `restoreBackup` excepted), so a real library is never lost.
    public static func reset(at folder: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let foreign = names.filter { !topLevelNames.contains($0) && !$0.hasPrefix(".staging-") && !$0.hasPrefix(".previous-") }
        guard foreign.isEmpty else { throw DemoLibraryError(folder: folder.path, foreign: foreign.sorted()) }
        for name in names { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        try create(at: folder)
    }

    /// Archives a small, different data folder into `backups/`, so a restore visibly changes `data/`.
    private static func makeBackup(in folder: URL) throws {
        let source = folder.appendingPathComponent(".demo-backup-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: source) }
        try write("{\"playlists\": [\"Morning\", \"Evening\"]}\n", to: "library.json", in: source)
        try write("Morning: t-102\n", to: "playlists/morning.txt", in: source)
        try write("Evening: t-101\n", to: "playlists/evening.txt", in: source)
        let backups = folder.appendingPathComponent("backups", isDirectory: true)
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        _ = try TarGz.create(from: source, rootName: "data", to: backups.appendingPathComponent(backupName))
    }

    private static func write(_ text: String, to path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}

/// A folder `DemoLibrary.reset` will not touch: it holds something that is not the demo library's.
public struct DemoLibraryError: Error, Sendable, CustomStringConvertible {
    /// The folder.
    public let folder: String
    /// The names at its top the demo library does not have.
    public let foreign: [String]

    /// Names the folder and what in it is not the demo's.
    public var description: String {
        "\(folder) is not a demo library (it holds \(foreign.prefix(5).joined(separator: ", "))\(foreign.count > 5 ? ", …" : "")); nothing was removed"
    }
}
