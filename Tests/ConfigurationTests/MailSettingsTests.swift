import Configuration
import Testing

/// The mail settings refuse what could not work, naming the key.
@Suite struct MailSettingsTests {
    @Test(arguments: [
        (["INTERLUDE_MAIL_URL": "http://mail.example.com"], "mailUrl"),
        (["INTERLUDE_MAIL_URL": "smtp://user:pw@mail.example.com:587", "INTERLUDE_MAIL_FROM": "i@example.com"], "mailUrl"),
        (["INTERLUDE_MAIL_URL": "smtp://mail.example.com:587"], "mailFrom"),
        (["INTERLUDE_MAIL_URL": "smtp://mail.example.com:587", "INTERLUDE_MAIL_FROM": "Interlude <i@example.com>"], "mailFrom"),
        (["INTERLUDE_MAIL_USER": "interlude"], "mailPasswordFile"), (["INTERLUDE_MAIL_SECURITY": "ssl"], "mailSecurity"),
        (["INTERLUDE_MAIL_EVENTS": "presentation.pending,job.failed"], "mailEvents"), (["INTERLUDE_MAIL_MAX_ATTEMPTS": "0"], "mailMaxAttempts"),
    ])
    func aMailSettingThatCannotWorkIsRefusedNamingTheKey(environment: [String: String], key: String) {
        var error: ConfigurationError?
        do {
            _ = try Settings.load(file: nil, environment: environment)
        } catch let caught {
            error = caught
        }
        #expect(error?.key == key, "\(String(describing: error))")
    }

    @Test func mailIsOffByDefaultAndAWorkingSetIsAccepted() throws {
        #expect(Settings().mailUrl.isEmpty)
        let settings = try Settings.load(
            file: nil,
            environment: [
                "INTERLUDE_MAIL_URL": "smtps://mail.example.com:465", "INTERLUDE_MAIL_FROM": "interlude@example.com", "INTERLUDE_MAIL_USER": "interlude",
                "INTERLUDE_MAIL_PASSWORD_FILE": "/etc/interlude/smtp.password", "INTERLUDE_MAIL_SECURITY": "none",
            ])
        #expect(settings.mailSecurity == .none && settings.mailEventList.count == 5, "every mailed event by default")
    }
}
