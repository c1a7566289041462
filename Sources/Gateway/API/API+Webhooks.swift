import HTTPServer
import Webhooks

extension API {
    /// A signed webhook: verified first (nothing is queued otherwise), then submitted under `webhook:<webhook-id>`,
    /// so a redelivered message returns the job it already created.
    func submitWebhook(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        guard let verifier else {
            throw APIError(
                401, "webhooksNotConfigured",
                "Incoming webhooks are not configured: set incomingSecret (INTERLUDE_INCOMING_SECRET) to a whsec_ secret.")
        }
        do {
            try verifier.verify(header: { request.headers[$0] }, body: request.body)
        } catch {
            throw APIError(401, error.code.rawValue, error.description)
        }
        let id = request.headers[WebhookHeader.id] ?? ""
        return try await submit(request, idempotencyKey: Self.webhookKeyPrefix + id)
    }
}
