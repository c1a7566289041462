import Configuration
import Foundation
import GatewayClient
import Resolver

/// Picks how a client command reaches Interlude: the gateway when `--gateway URL` or `INTERLUDE_GATEWAY`
/// names one (with the token of `--token-file FILE` or `INTERLUDE_TOKEN`, trusting the certificate
/// authorities of `--cacert FILE` or `INTERLUDE_CACERT` for `https`), else the broker the settings name.
enum Backends {
    /// The options every client command takes for the gateway.
    static let options: Set<String> = ["gateway", "token-file", "cacert"]

    /// The help lines for them.
    static let help = """
          --gateway     answer and ask over the gateway's HTTP API at this URL (http:// or https://, the
                        system's certificate authorities) instead of the broker (or INTERLUDE_GATEWAY)
          --token-file  with --gateway, the file whose first line is the API token (or INTERLUDE_TOKEN)
          --cacert      with --gateway, trust only the certificate authorities of this PEM file for
                        https:// (a private CA; or INTERLUDE_CACERT)
        """

    /// The backend `arguments` and the environment ask for.
    static func choose(_ arguments: Arguments, _ settings: Settings, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> any InterludeBackend
    {
        guard let client = try gatewayClient(arguments, environment: environment) else { return BrokerBackend(try Connection(settings).broker) }
        return GatewayBackend(client: client)
    }

    /// The gateway's client when `arguments` or the environment name a gateway; nil for the broker.
    static func gatewayClient(_ arguments: Arguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GatewayClient? {
        guard let gateway = arguments["gateway"] ?? environment["INTERLUDE_GATEWAY"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if arguments["token-file"] != nil { throw UsageError("--token-file goes with --gateway URL") }
            if arguments["cacert"] != nil { throw UsageError("--cacert goes with --gateway URL") }
            return nil
        }
        guard let url = URL(string: gateway), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw UsageError("--gateway takes an http:// or https:// URL, got \"\(gateway)\"")
        }
        let transport = CurlGatewayTransport(authorities: try authorities(arguments["cacert"], environment))
        return GatewayClient(base: url, token: try token(arguments["token-file"], environment), transport: transport)
    }

    /// The PEM file of `--cacert`, else `INTERLUDE_CACERT`; nil for the system's certificate authorities.
    private static func authorities(_ option: String?, _ environment: [String: String]) throws -> String? {
        guard let file = option ?? environment["INTERLUDE_CACERT"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw UsageError("\(option == nil ? "INTERLUDE_CACERT" : "--cacert") \(file): cannot be read")
        }
        return file
    }

    /// The token's first line from the file, else `INTERLUDE_TOKEN`; nil for a gateway whose API is open.
    private static func token(_ file: String?, _ environment: [String: String]) throws -> String? {
        guard let file else { return environment["INTERLUDE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 } }
        guard let data = FileManager.default.contents(atPath: file) else { throw UsageError("--token-file \(file): cannot be read") }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line, !line.isEmpty else { throw UsageError("--token-file \(file): the first line is empty") }
        return line
    }
}
