import Broker
import Configuration
import Foundation
import ZeroMQ

struct KeygenCommand: Command {
    let name = "keygen"
    let summary = "Make a CURVE key pair for a broker, worker, client, resolver or gateway"
    let options: Set<String> = ["out"]
    let flags: Set<String> = ["link-key"]
    let help = """
        Usage: interlude keygen NAME [--out DIR]
               interlude keygen --link-key

        Writes a new CURVE key pair: DIR/NAME.key (the secret key, mode 0600: give it to one process
        as curveSecretKeyFile) and DIR/NAME.pub (the public key: list it in the broker's
        authorizedKeysFile, or give the broker's to others as brokerPublicKey). Existing files are
        never replaced. NAME is 1 to 64 letters, digits, '.', '_', '-' or '@'.
          --out  the folder to write into (default: the current folder)
        --link-key adds a new key to linkKeyFile (made, mode 0600, when missing): answer links are signed
        with it from the gateway's next start; links signed with the older keys still work for
        linkKeyGraceSeconds.
        See docs/security.md.
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        if arguments.has("link-key") {
            _ = try arguments.positionals()
            print("added a new answer link key to \(try settings.addLinkKey()) (restart the gateway to sign with it)")
            return ExitStatus.success
        }
        let name = try arguments.positionals("NAME")[0]
        guard AuthorizedKeys.isName(name), !name.hasPrefix(".") else {
            throw UsageError("NAME must be 1 to 64 letters, digits, '.', '_', '-' or '@', not starting with '.'")
        }
        let folder = URL(fileURLWithPath: arguments["out"] ?? ".", isDirectory: true)
        let pair = try CurveKeyPair.generate()
        let (secret, publicFile) = try CurveKeyFile.write(pair, name: name, into: folder)
        print(
            """
            secret key  \(secret.path)  (mode 0600; never share it)
            public key  \(publicFile.path)
              \(pair.publicKey.z85)
            To admit it, add a line to the broker's authorizedKeysFile (ROLE: worker, client, answerer, reader or gateway):
              ROLE \(name) \(pair.publicKey.z85)
            """)
        return ExitStatus.success
    }
}
