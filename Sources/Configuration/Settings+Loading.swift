public import Foundation

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
        for setting in table {
            if let value = environment[setting.environment] { try settings.set(setting.key, .string(value), source: setting.environment) }
        }
        try settings.validate()
        return settings
    }

    /// A raw value from a file (typed JSON) or the environment (always text).
    public enum RawValue: Sendable, Hashable, Decodable {
        case string(String)
        case number(Double)
        case bool(Bool)
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
        guard let setting = Self.rows[key] else {
            throw ConfigurationError(key: key, source: source, problem: "unknown key; known keys: \(Self.keys.joined(separator: ", "))")
        }
        try setting.assign(&self, raw, source)
    }
}
