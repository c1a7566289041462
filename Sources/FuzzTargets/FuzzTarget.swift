public import Foundation

/// The code paths that read bytes from outside, each as one function of arbitrary bytes that must
/// never trap: run by libFuzzer (`scripts/fuzz TARGET SECONDS`) and, for every input a run found, by
/// the regression tests.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// ZeroMQ frames into every message type the broker, workers and clients read.
    case wire
    /// A presentation (a question) as JSON, and the text rules over what it says.
    case presentation
    /// The JSON reader, strict under the default and under tight limits, and as `JSONDecoder` reads.
    case jsonReader
    /// The incoming webhook's `webhook-id`, `webhook-timestamp` and `webhook-signature` headers.
    case webhookSignature
    /// An HTTP request through the gateway's request path without sockets: the origin rules, routing
    /// with path parameters, query items, the body's JSON, error mapping and security headers.
    case httpRequest

    /// Runs the target over one input; traps only on a bug.
    public func run(_ data: Data) {
        switch self {
        case .wire: WireFuzz.run(data)
        case .presentation: PresentationFuzz.run(data)
        case .jsonReader: JSONReaderFuzz.run(data)
        case .webhookSignature: WebhookSignatureFuzz.run(data)
        case .httpRequest: HTTPRequestFuzz.run(data)
        }
    }
}

extension Data {
    /// The bytes cut at each `separator` byte, at most `count` pieces (the last keeps the rest).
    func pieces(_ count: Int, separator: UInt8 = 0) -> [Data] {
        split(separator: separator, maxSplits: count - 1, omittingEmptySubsequences: false).map { Data($0) }
    }
}
