import JSON
import Presentation

/// The input the throughput rows submit: `{}` by default, or an object of about `bytes` bytes (`--input-bytes`),
/// records with a number, a string and a flag each, as an operation's input might hold.
enum BenchInput {
    /// The largest `--input-bytes`: an object this size, written, stays under the broker's input limit
    /// (`MessageLimits.inputBytes`, 256 KiB by default) with room for the last record's overshoot.
    static let largest = 200_000

    /// `{}` for 2 bytes or fewer; otherwise records until the written JSON is at least `bytes` long.
    static func object(bytes: Int) -> JSONValue {
        var members: [String: JSONValue] = [:]
        var size = 2
        while size < bytes {
            let number = members.count
            let name = "item\(number)"
            let record: JSONValue = .object(["n": .integer(Int64(number)), "label": .string("record number \(number)"), "on": .bool(number % 2 == 0)])
            members[name] = record
            // "name":{"label":"record number N","n":N,"on":true}, ("false" one byte more)
            size += name.utf8.count + 44 + 2 * String(number).utf8.count + (number % 2 == 0 ? 0 : 1)
        }
        return .object(members)
    }
}
