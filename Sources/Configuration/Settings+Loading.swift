import Foundation
import SQLite

/// A configuration that cannot be used, naming the key and where its value came from.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public let key: String
    public let source: String
    public let problem: String
    public var description: String { "configuration \(key) (from \(source)): \(problem)" }

    /// An error for `key`, whose value came from `source`.
    public init(key: String, source: String, problem: String) {
        self.key = key
        self.source = source
        self.problem = problem
    }
}

extension Settings {
    /// Reads the file (when it exists) and then the environment; explicit `file` must exist.
    public static func load(file: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError) -> Settings {
        var settings = Settings()
        let path = file ?? environment["INTERLUDE_CONFIG"] ?? "config/interlude.json"
        if FileManager.default.fileExists(atPath: path) {
            try settings.apply(file: path)
        } else if file != nil || environment["INTERLUDE_CONFIG"] != nil {
            throw ConfigurationError(key: "file", source: path, problem: "no such file")
        }
        for key in keys {
            if let value = environment[environmentName(key)] { try settings.set(key, .string(value), source: environmentName(key)) }
        }
        try settings.validate()
        return settings
    }

    /// A raw value from a file (typed JSON) or the environment (always text).
    public enum RawValue: Sendable, Decodable {
        case string(String), number(Double), bool(Bool)
        /// An object, array or null: refused for every key, but allowed under `_` documentation keys.
        case unsupported

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else {
                self = .unsupported
            }
        }
    }

    private mutating func apply(file path: String) throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(key: "file", source: path, problem: "cannot be read")
        }
        let object: [String: RawValue]
        do {
            object = try JSONDecoder().decode([String: RawValue].self, from: data)
        } catch {
            throw ConfigurationError(key: "file", source: path, problem: "not a JSON object of strings and numbers (\(error))")
        }
        try Self.refuseRepeatedKeys(in: data, path: path)
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where !key.hasPrefix("_") {
            try set(key, value, source: path)
        }
    }

    /// Sets one key from a raw value, checking its type.
    public mutating func set(_ key: String, _ raw: RawValue, source: String) throws(ConfigurationError) {
        func text() throws(ConfigurationError) -> String {
            switch raw {
            case .string(let value): return value
            case .number(let value): return String(value)
            case .bool(let value): return String(value)
            case .unsupported: throw ConfigurationError(key: key, source: source, problem: "expected a string or a number")
            }
        }
        func integer() throws(ConfigurationError) -> Int64 {
            switch raw {
            // `exactly`: a fraction, or a number past Int64 (1e30), is refused here instead of trapping.
            case .number(let value): if let whole = Int64(exactly: value) { return whole }
            case .string(let value): if let parsed = Int64(value.trimmingCharacters(in: .whitespaces)) { return parsed }
            default: break
            }
            throw ConfigurationError(key: key, source: source, problem: "expected a whole number")
        }
        switch key {
        case "data": data = try text()
        case "library": library = try text()
        case "clients": clients = try text()
        case "workers": workers = try text()
        case "events": events = try text()
        case "http": http = try text()
        case "concurrency": concurrency = Int(try integer())
        case "heartbeatMs": heartbeatMs = Int(try integer())
        case "liveness": liveness = Int(try integer())
        case "synchronous":
            let value = try text()
            guard let parsed = Synchronous(rawValue: value), Synchronous.settings.contains(parsed) else {
                throw ConfigurationError(key: key, source: source, problem: "must be full or normal, got \"\(value)\"")
            }
            synchronous = parsed
        case "exportReserveBytes": exportReserveBytes = try integer()
        case "logLevel": logLevel = try text()
        case "workerName": workerName = try text()
        case "requestTimeoutMs": requestTimeoutMs = Int(try integer())
        case "incomingSecret": incomingSecret = try text()
        case "webhookUrl": webhookUrl = try text()
        case "webhookSecret": webhookSecret = try text()
        case "webhookEvents": webhookEvents = try text()
        case "webhooksFile": webhooksFile = try text()
        case "webhookMaxAttempts": webhookMaxAttempts = Int(try integer())
        case "webhookBackoffMs": webhookBackoffMs = Int(try integer())
        case "webhookTimeoutMs": webhookTimeoutMs = Int(try integer())
        case "tokensFile": tokensFile = try text()
        case "tokens": tokens = try text()
        case "publicUrl": publicUrl = try text()
        case "maxMessageBytes": maxMessageBytes = Int(try integer())
        case "maxJsonDepth": maxJsonDepth = Int(try integer())
        case "maxJsonKeys": maxJsonKeys = Int(try integer())
        case "maxRedispatches": maxRedispatches = Int(try integer())
        case "curveSecretKeyFile": curveSecretKeyFile = try text()
        case "brokerPublicKey": brokerPublicKey = try text()
        case "authorizedKeysFile": authorizedKeysFile = try text()
        case "exportRoots": exportRoots = try text()
        case "allowedOrigins": allowedOrigins = try text()
        case "logFormat": logFormat = try text()
        case "reminderSeconds": reminderSeconds = Int(try integer())
        case "journal": journal = try text()
        case "retention": retention = try text()
        case "maxSuspended": maxSuspended = Int(try integer())
        case "httpConnectionLimit": httpConnectionLimit = Int(try integer())
        case "httpIdleTimeoutSeconds": httpIdleTimeoutSeconds = Int(try integer())
        case "webhookInFlight": webhookInFlight = Int(try integer())
        default: throw ConfigurationError(key: key, source: source, problem: "unknown key; known keys: \(Self.keys.joined(separator: ", "))")
        }
    }
}
