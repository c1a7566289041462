import Foundation

extension Setting {
    /// A text setting kept at `path`; `problem` says why a value is unusable (checked once everything is read).
    static func text(
        _ key: String, _ path: any WritableKeyPath<Settings, String> & Sendable, privacy: Privacy = .shown, shownDefault: String? = nil,
        problem: @escaping @Sendable (Settings) -> String? = { _ in nil }, _ doc: String
    ) -> Setting {
        Setting(
            key: key, privacy: privacy, allowed: nil, doc: doc, isNumber: false, shownDefault: shownDefault,
            assign: { settings, raw, source throws(ConfigurationError) in settings[keyPath: path] = try raw.text(key: key, source: source) },
            text: { $0[keyPath: path] }, problem: problem)
    }

    /// A whole number kept at `path`, within `range`; outside it the error says `problem`, by default "must be from A to B".
    static func number<Number: FixedWidthInteger & Sendable>(
        _ key: String, _ path: any WritableKeyPath<Settings, Number> & Sendable, _ range: ClosedRange<Number>, problem: String? = nil,
        _ doc: String
    ) -> Setting {
        Setting(
            key: key, privacy: .shown, allowed: range.upperBound == .max ? "\(range.lowerBound) or more" : "\(range.lowerBound)–\(range.upperBound)",
            doc: doc, isNumber: true, shownDefault: nil,
            assign: { settings, raw, source throws(ConfigurationError) in
                guard let value = Number(exactly: try raw.wholeNumber(key: key, source: source)) else {
                    throw ConfigurationError(key: key, source: source, problem: "expected a whole number")
                }
                settings[keyPath: path] = value
            },
            text: { String($0[keyPath: path]) },
            problem: { range.contains($0[keyPath: path]) ? nil : problem ?? "must be from \(range.lowerBound) to \(range.upperBound)" })
    }

    /// One of `choices`, kept at `path` as its type; another value is refused as it is read.
    static func choice<Choice: RawRepresentable<String> & Equatable & Sendable>(
        _ key: String, _ path: any WritableKeyPath<Settings, Choice> & Sendable, _ choices: [Choice], _ doc: String
    ) -> Setting {
        let names = choices.map(\.rawValue)
        let allowed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
        return Setting(
            key: key, privacy: .shown, allowed: allowed, doc: doc, isNumber: false, shownDefault: nil,
            assign: { settings, raw, source throws(ConfigurationError) in
                let value = try raw.text(key: key, source: source)
                guard let parsed = Choice(rawValue: value), choices.contains(parsed) else {
                    throw ConfigurationError(key: key, source: source, problem: "must be \(allowed), got \"\(value)\"")
                }
                settings[keyPath: path] = parsed
            },
            text: { $0[keyPath: path].rawValue }, problem: { _ in nil })
    }
}

extension Settings.RawValue {
    /// The value as text: a number or a boolean in its usual spelling.
    func text(key: String, source: String) throws(ConfigurationError) -> String {
        switch self {
        case .string(let value): return value
        case .number(let value): return String(value)
        case .bool(let value): return String(value)
        case .unsupported: throw ConfigurationError(key: key, source: source, problem: "expected a string or a number")
        }
    }

    /// The value as a whole number: a JSON number or a decimal text.
    func wholeNumber(key: String, source: String) throws(ConfigurationError) -> Int64 {
        switch self {
        // `exactly`: a fraction, or a number past Int64 (1e30), is refused here instead of trapping.
        case .number(let value): if let whole = Int64(exactly: value) { return whole }
        case .string(let value): if let parsed = Int64(value.trimmingCharacters(in: .whitespaces)) { return parsed }
        default: break
        }
        throw ConfigurationError(key: key, source: source, problem: "expected a whole number")
    }
}
