import HTTPServer

/// Query parameters the listing routes share; a malformed value is 400.
enum QueryParameters {
    /// `limit`: 1 to `maximum`, `fallback` when absent.
    static func limit(_ request: HTTPRequest, fallback: Int = 50, maximum: Int = 500) throws(APIError) -> Int {
        guard let text = request.query("limit") else { return fallback }
        guard let limit = Int(text), (1...maximum).contains(limit) else {
            throw .badRequest("limit must be a whole number from 1 to \(maximum), got \"\(text)\".")
        }
        return limit
    }

    /// `state`: one of `State`'s values, nil when absent.
    static func state<State: RawRepresentable & CaseIterable>(_ request: HTTPRequest, as: State.Type) throws(APIError) -> State?
    where State.RawValue == String {
        guard let text = request.query("state") else { return nil }
        guard let state = State(rawValue: text) else {
            let states = State.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("state must be one of \(states), got \"\(text)\".")
        }
        return state
    }

    /// `cursor`: the `next` value of the previous page; nil on the first page.
    static func cursor(_ request: HTTPRequest) throws(APIError) -> String? {
        guard let cursor = request.query("cursor") else { return nil }
        guard !cursor.isEmpty else { throw .badRequest("cursor must not be empty; omit it for the first page.") }
        return cursor
    }
}
