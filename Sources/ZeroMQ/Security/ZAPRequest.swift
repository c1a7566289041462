import Foundation

/// One ZAP request (RFC 27): a connection on a CURVE server socket asking to be admitted.
public struct ZAPRequest: Sendable, Hashable {
    /// The ZAP domain of the server socket the client connected to (`SocketSecurity.curveServer`).
    public let domain: String
    /// The client's network address, such as `127.0.0.1`.
    public let address: String
    /// `CURVE`, `PLAIN` or `NULL`.
    public let mechanism: String
    /// The client's CURVE public key (nil for other mechanisms).
    public let publicKey: CurvePublicKey?
    let version: Data
    let requestID: Data

    /// Parses the frames libzmq sends: version, request id, domain, address, identity, mechanism, credentials.
    init?(frames: [Data]) {
        guard frames.count >= 6, frames[0] == Data("1.0".utf8) else { return nil }
        version = frames[0]
        requestID = frames[1]
        domain = String(decoding: frames[2], as: UTF8.self)
        address = String(decoding: frames[3], as: UTF8.self)
        mechanism = String(decoding: frames[5], as: UTF8.self)
        if mechanism == "CURVE" {
            guard frames.count == 7, frames[6].count == CurveKeyPair.keyBytes else { return nil }
            publicKey = CurvePublicKey(bytes: Array(frames[6]))
        } else {
            publicKey = nil
        }
    }

    /// A request as a handler would receive it, for tests of admission policies.
    public init(domain: String, address: String = "127.0.0.1", publicKey: CurvePublicKey?) {
        self.domain = domain
        self.address = address
        self.mechanism = publicKey == nil ? "NULL" : "CURVE"
        self.publicKey = publicKey
        version = Data("1.0".utf8)
        requestID = Data("1".utf8)
    }

    /// The reply frames for `decision`.
    func reply(_ decision: ZAPDecision) -> [Data] {
        let (status, text, userID): (String, String, String) =
            switch decision {
            case .admit(let userID): ("200", "OK", userID)
            case .refuse(let reason): ("400", reason, "")
            }
        return [version, requestID, Data(status.utf8), Data(text.utf8), Data(userID.utf8), Data()]
    }
}

/// What a ZAP handler answers.
public enum ZAPDecision: Sendable, Hashable {
    /// Let the connection in; every message on it carries `userID` (see `ReceivedMessage.userID`).
    case admit(userID: String)
    /// Fail the handshake; the client sees an authentication failure.
    case refuse(reason: String)
}
