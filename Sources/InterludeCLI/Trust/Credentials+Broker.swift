import Broker
import Configuration
import ZeroMQ

extension Credentials {
    /// The broker's keys: its secret key and the authorized keys file, both or neither.
    func broker(_ settings: Settings) throws -> BrokerKeys? {
        switch (secretKey, settings.authorizedKeysFile.isEmpty) {
        case (nil, true):
            return nil
        case (nil, false):
            throw ConfigurationError(key: "curveSecretKeyFile", source: "settings", problem: "the broker needs its own key beside authorizedKeysFile")
        case (_, true):
            throw ConfigurationError(
                key: "authorizedKeysFile", source: "settings",
                problem: "the broker needs the file of keys it admits beside curveSecretKeyFile (see docs/security.md)")
        case (let secretKey?, false):
            return try BrokerKeys(secretKey: secretKey, authorizedKeysFile: settings.authorizedKeysFile)
        }
    }
}
