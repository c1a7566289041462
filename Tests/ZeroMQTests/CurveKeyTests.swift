import Foundation
import Testing
import ZeroMQ

@Suite struct CurveKeyTests {
    @Test func aGeneratedPairRoundTripsThroughZ85AndTheSecretKeyDerivesItsPublicKey() throws {
        let pair = try CurveKeyPair.generate()
        #expect(pair.publicKey.z85.count == 40)
        #expect(CurvePublicKey(z85: pair.publicKey.z85) == pair.publicKey)
        let secret = try #require(CurveSecretKey(z85: "  \(pair.secretKey.z85)\n"))
        #expect(secret == pair.secretKey)
        #expect(secret.publicKey == pair.publicKey)
        #expect(try CurveKeyPair.generate().publicKey != pair.publicKey)
    }

    @Test func aSecretKeyNeverPrintsItself() throws {
        let pair = try CurveKeyPair.generate()
        #expect(!"\(pair.secretKey)".contains(pair.secretKey.z85))
        #expect("\(pair.secretKey)".contains(pair.publicKey.z85))
        #expect(!"\(SocketSecurity.curveServer(secretKey: pair.secretKey, domain: "d"))".contains(pair.secretKey.z85))
    }

    @Test(arguments: [
        "", "short", String(repeating: "a", count: 39), String(repeating: "a", count: 41), String(repeating: "~", count: 40),
        String(repeating: "a", count: 39) + "\"",
    ])
    func textThatIsNotFortyZ85CharactersIsNoKey(text: String) {
        #expect(CurvePublicKey(z85: text) == nil)
        #expect(CurveSecretKey(z85: text) == nil)
    }

    @Test func keygenFilesAreWrittenWithTheirModesAndReadBack() throws {
        let folder = try TemporaryFolder()
        let pair = try CurveKeyPair.generate()
        let (secret, publicFile) = try CurveKeyFile.write(pair, name: "alice", into: folder.url)
        #expect(secret.lastPathComponent == "alice.key")
        #expect(try mode(secret) == 0o600)
        #expect(try mode(publicFile) == 0o644)
        #expect(try String(contentsOf: publicFile, encoding: .utf8) == pair.publicKey.z85 + "\n")
        #expect(try CurveKeyFile.secretKey(at: secret.path) == pair.secretKey)
        #expect(try CurveKeyFile.publicKey(at: publicFile.path) == pair.publicKey)
        let again = #expect(throws: KeyFileError.self) { try CurveKeyFile.write(try CurveKeyPair.generate(), name: "alice", into: folder.url) }
        #expect(again?.code == .exists)
        #expect(try CurveKeyFile.secretKey(at: secret.path) == pair.secretKey, "the refused keygen left the first key alone")
    }

    @Test func aSecretKeyFileOthersCanReadIsRefusedNamingTheFix() throws {
        let folder = try TemporaryFolder()
        let (secret, _) = try CurveKeyFile.write(try CurveKeyPair.generate(), name: "open", into: folder.url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret.path)
        let error = #expect(throws: KeyFileError.self) { try CurveKeyFile.secretKey(at: secret.path) }
        #expect(error?.code == .tooOpen)
        #expect(error?.description.contains("chmod 600 \(secret.path)") == true)
    }

    @Test func missingAndMalformedKeyFilesAreRefusedWithTheirCodes() throws {
        let folder = try TemporaryFolder()
        let missing = #expect(throws: KeyFileError.self) { try CurveKeyFile.secretKey(at: folder.url.appendingPathComponent("none.key").path) }
        #expect(missing?.code == .missing)
        let twoKeys = folder.url.appendingPathComponent("two.pub")
        let text = try CurveKeyPair.generate().publicKey.z85 + "\n" + CurveKeyPair.generate().publicKey.z85 + "\n"
        try text.write(to: twoKeys, atomically: true, encoding: .utf8)
        let malformed = #expect(throws: KeyFileError.self) { try CurveKeyFile.publicKey(at: twoKeys.path) }
        #expect(malformed?.code == .notAKey)
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }
}

/// A folder removed when the value is released.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("zmq-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}
