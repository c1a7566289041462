/// What a bearer token may do: `submit` operations and cancel jobs, `answer` presentations, `read` everything.
public enum Scope: String, Sendable, Hashable, CaseIterable, Codable {
    /// `POST /v1/operations` and `POST /v1/jobs/{id}/cancel`.
    case submit
    /// `POST /v1/presentations/{id}/answer`.
    case answer
    /// Every `GET` under `/v1` except the OpenAPI document.
    case read
}
