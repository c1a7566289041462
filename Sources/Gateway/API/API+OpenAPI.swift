extension API {
    /// `GET /v1/openapi.json`, open to all.
    var openAPIRoute: GatewayRoute {
        GatewayRoute(.get, "/v1/openapi.json", access: .open) { _, _ in .json(OpenAPIDocument.json) }
    }
}
