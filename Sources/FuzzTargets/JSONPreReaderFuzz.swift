import Foundation
import JSON
import Presentation
import Wire

/// The JSON pre-reader under the default limits and under tight ones; what it accepts is then decoded.
enum JSONPreReaderFuzz {
    static let tight = JSONPreReader(maxDepth: 3, maxKeys: 4)

    static func run(_ data: Data) {
        let accepted = (try? JSONPreReader().check(data)) != nil
        let tightAccepted = (try? tight.check(data)) != nil
        precondition(!tightAccepted || accepted, "tighter limits accepted what the default limits refused")
        if accepted { _ = try? JSONCoding.decoder.decode(JSONValue.self, from: data) }
    }
}
