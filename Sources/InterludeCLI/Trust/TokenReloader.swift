import Configuration
import Gateway
import Lifecycle
import Log

/// Rereads the gateway's API tokens (`tokensFile` and `tokens`) and its answer link keys (`linkKeyFile`)
/// on each SIGHUP, for as long as the gateway runs; the event streams of a removed token end. A bad file
/// keeps what was already loaded from it.
///
/// SIGHUP is taken over when the reloader is made, before any service starts, as `KeyReloader` does.
struct TokenReloader: Service {
    let gateway: GatewayService
    let settings: Settings
    let log: Log
    private let hangUps: AsyncStream<UnixSignal>

    init(gateway: GatewayService, settings: Settings) {
        self.gateway = gateway
        self.settings = settings
        log = settings.log("gateway")
        hangUps = UnixSignal.stream([.hangUp])
    }

    func run() async throws {
        try await cancelOnGracefulShutdown { [gateway, settings, log, hangUps] in
            for await _ in hangUps {
                do {
                    let tokens = try APIToken.load(file: settings.tokensFile) + APIToken.parse(inline: settings.tokens)
                    let ended = try gateway.reloadTokens(tokens)
                    log.info("SIGHUP: \(tokens.count) API token(s) read; \(ended) event stream(s) of removed tokens ended")
                } catch {
                    log.error("\(error); keeping the API tokens already loaded")
                }
                do {
                    let keys = try settings.linkKeys()
                    gateway.reloadLinkKeys(keys)
                    log.info("SIGHUP: \(keys?.keys.count ?? 0) answer link key(s) read from \(settings.linkKeyPath)")
                } catch {
                    log.error("\(error); keeping the answer link keys already loaded")
                }
            }
        }
    }
}
