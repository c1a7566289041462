/// What a bearer token may do: `submit` operations and cancel jobs, `answer` presentations, `read` everything, `link` hand out answer links.
public enum Scope: String, Sendable, Hashable, CaseIterable, Codable {
    /// `POST /v1/operations` and `POST /v1/jobs/{id}/cancel`.
    case submit
    /// `POST /v1/presentations/{id}/answer`.
    case answer
    /// Every `GET` under `/v1` except the OpenAPI document.
    case read
    /// `POST /v1/presentations/{id}/links`: hand out answer links that answer as someone else.
    case link
}
