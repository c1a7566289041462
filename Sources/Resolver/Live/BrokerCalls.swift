import Client
import Presentation
import Wire

/// Client calls whose outcomes, refusals included, go back to the resolver's loop as inputs.
enum BrokerCalls {
    static func events(_ client: BrokerClient, after: Int64) async -> Result<BrokerReply.EventPage, WireError> {
        do { return .success(try await client.events(after: after, limit: 1_000)) } catch { return .failure(error) }
    }

    static func snapshot(_ client: BrokerClient) async -> Result<BrokerReply.PendingSnapshot, WireError> {
        do { return .success(try await client.allPending()) } catch { return .failure(error) }
    }

    static func answer(_ client: BrokerClient, _ id: String, action: String, by: String, channel: String) async -> Result<Resolution, WireError> {
        do { return .success(try await client.answer(id, action: action, by: by, channel: channel)) } catch { return .failure(error) }
    }
}
