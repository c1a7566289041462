import Foundation

extension APIToken {
    /// Tokens written inline as `name:token:scope+scope[:group+group],…` (the `tokens` setting); empty text gives none.
    public static func parse(inline text: String) throws(GatewayError) -> [APIToken] {
        var tokens: [APIToken] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3 || parts.count == 4 else {
                let name = parts.first.map(String.init) ?? ""
                throw GatewayError(.invalidTokens, "tokens entry \"\(name):…\" must be name:token:scope+scope[:group+group]")
            }
            let scopes = try scopes(parts[2].split(separator: "+").map(String.init), of: String(parts[0]))
            let groups = parts.count == 4 ? parts[3].split(separator: "+").map(String.init) : []
            tokens.append(try APIToken(name: String(parts[0]), token: String(parts[1]), scopes: scopes, groups: groups))
        }
        return tokens
    }

    /// Tokens from a JSON file `[{"name", "token", "scopes": […]}]`; a missing file gives none.
    public static func load(file path: String) throws(GatewayError) -> [APIToken] {
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return [] }
        struct Entry: Decodable {
            let name: String
            let token: String
            let scopes: [String]
            let groups: [String]?
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GatewayError(.invalidTokens, "tokens file \(path) cannot be read")
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw GatewayError(.invalidTokens, "tokens file \(path) is not a JSON array of {\"name\", \"token\", \"scopes\"}")
        }
        var tokens: [APIToken] = []
        for entry in entries {
            tokens.append(
                try APIToken(
                    name: entry.name, token: entry.token, scopes: try scopes(entry.scopes, of: entry.name), groups: entry.groups ?? []))
        }
        return tokens
    }

    private static func scopes(_ names: [String], of token: String) throws(GatewayError) -> Set<Scope> {
        var scopes: Set<Scope> = []
        for name in names {
            guard let scope = Scope(rawValue: name) else {
                throw GatewayError(.invalidTokens, "token \(token) has an unknown scope \"\(name)\"; use submit, answer or read")
            }
            scopes.insert(scope)
        }
        return scopes
    }
}
