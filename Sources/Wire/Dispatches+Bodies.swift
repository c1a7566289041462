public import Foundation

extension BrokerCommand.Dispatches {
    /// The body of a `dispatches` around dispatch bodies already encoded, spliced in as they are: what
    /// `Frames.encode(BrokerCommand.dispatches(…))` gives for the same dispatches.
    public static func body(_ dispatches: [Data]) -> Data {
        var body = Data(capacity: size(bytes: dispatches.reduce(0) { $0 + $1.count }, count: dispatches.count))
        body.append(contentsOf: Self.opening)
        for (index, dispatch) in dispatches.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(dispatch)
        }
        body.append(contentsOf: Self.closing)
        return body
    }

    /// The size of the body around `count` dispatch bodies of `bytes` in all, without building it.
    public static func size(bytes: Int, count: Int) -> Int {
        opening.count + closing.count + bytes + max(0, count - 1)
    }

    private static let opening = Array(#"{"dispatches":["#.utf8)
    private static let closing = Array("]}".utf8)
}
