import Foundation
public import Wire

extension GatewayClient {
    /// The operations workers have announced, sorted by name.
    public func operations() async throws(GatewayClientError) -> BrokerReply.OperationList {
        try Self.decoded(BrokerReply.OperationList.self, try await send("GET", "/v1/operations"))
    }

    /// One announced operation; 404 when no worker has announced it.
    public func operation(_ name: String) async throws(GatewayClientError) -> OperationInfo {
        try Self.decoded(OperationInfo.self, try await send("GET", "/v1/operations/\(Self.segment(name))"))
    }

    /// The system's state, as `GET /v1/status` gives it: jobs by state, pending questions, connected workers,
    /// the newest event's sequence, whether the journal's disk is full and the jobs it set aside.
    public func status() async throws(GatewayClientError) -> BrokerReply.Stats {
        try Self.decoded(BrokerReply.Stats.self, try await send("GET", "/v1/status"))
    }

    /// Who the token says the caller is: its name and groups.
    public func me() async throws(GatewayClientError) -> GatewayCaller {
        try Self.decoded(GatewayCaller.self, try await send("GET", "/v1/me"))
    }
}
