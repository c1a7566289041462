import Client
import Configuration
import Foundation
import Gateway
import HTTPClient
import Mail
import Wire

extension Settings {
    /// The mail notifier the settings ask for, nil when `mailUrl` is empty: people from `peopleFile`, groups
    /// through `groups` (the gateway's tokens), links signed with the link keys in force (`keys`, the
    /// gateway's, reread on SIGHUP) and starting with `publicUrl`.
    func mailNotifier(
        source: BrokerConnection, groups: @escaping @Sendable (String) -> [String], keys current: @escaping @Sendable () -> LinkKeys?
    ) throws -> MailNotifier? {
        guard !mailUrl.isEmpty else { return nil }
        guard let keys = try linkKeys() else {
            throw MailError(.invalidSettings, "mailUrl is set but there is no answer link key file at \(linkKeyPath): run `interlude keygen --link-key`")
        }
        var password = ""
        if !mailPasswordFile.isEmpty {
            guard let text = try? String(contentsOfFile: mailPasswordFile, encoding: .utf8) else {
                throw MailError(.invalidSettings, "mailPasswordFile \(mailPasswordFile) cannot be read")
            }
            password = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let smtp = SMTPSender.Options(
            url: mailUrl, security: mailSecurity == .none ? .none : .starttls, user: mailUser, password: password, timeout: .milliseconds(mailTimeoutMs),
            certificateAuthorities: mailCaFile.isEmpty ? nil : mailCaFile)
        let options = MailNotifier.Options(
            folder: URL(fileURLWithPath: data, isDirectory: true), smtp: smtp, from: mailFrom, synchronous: synchronous,
            publicURL: publicUrl.isEmpty ? "http://\(http)" : publicUrl,
            kinds: Set(mailEventList.compactMap { Event.Kind(rawValue: $0).flatMap(MailKind.init) }), maxAttempts: mailMaxAttempts,
            backoff: .milliseconds(mailBackoffMs), silence: .milliseconds(max(3_000, heartbeatMs * liveness)))
        let directory = Directory(people: try People(file: peopleFile), groups: groups, anyone: mailNoAudienceList)
        let client = source.client
        return try MailNotifier(
            options: options, keys: keys, current: current, directory: directory, source: source,
            texts: {
                let operations = (try? await client.operations().operations) ?? []
                return Dictionary(operations.map { ($0.name, $0.catalog) }) { first, _ in first }
            }, log: log("mail"))
    }
}
