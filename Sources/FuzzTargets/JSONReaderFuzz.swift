import Foundation
import JSON

/// The JSON reader as it reads bytes from outside: strictly under the default limits and under tight ones,
/// and as `JSONDecoder` reads (no limits), which must accept whatever the strict reader accepts, alike.
enum JSONReaderFuzz {
    static let tight = JSONLimits(maxDepth: 3, maxKeys: 4)

    static func run(_ data: Data) {
        let checked = (try? JSONReader.check(data, limits: .standard)) != nil
        let tightChecked = (try? JSONReader.check(data, limits: tight)) != nil
        precondition(!tightChecked || checked, "tighter limits accepted what the default limits refused")
        let strict = try? JSONReader.read(JSONValue.self, from: data, limits: .standard)
        precondition(strict == nil || checked, "the strict reader read what its check refused")
        let lenient = try? JSONReader.read(JSONValue.self, from: data)
        precondition(strict == nil || strict == lenient, "the strict reader read a value the lenient one read otherwise")
        _ = try? JSONReader.read(RawJSON.self, from: data, limits: tight)
    }
}
