import Client
import Presentation
import Wire

/// Client calls whose outcomes, refusals included, go back to the resolver's loop as inputs.
enum BrokerCalls {
    static func answer(
        _ client: BrokerClient, _ id: String, action: String, by: String, channel: String, values: [String: String]? = nil
    ) async -> Result<Resolution, WireError> {
        do { return .success(try await client.answer(id, action: action, by: by, channel: channel, values: values)) } catch { return .failure(error) }
    }
}
