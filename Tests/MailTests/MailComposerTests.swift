import Foundation
import Gateway
import Presentation
import Testing

@testable import Mail

/// What a person reads: the question in their language, a link per action, how it ended.
@Suite struct MailComposerTests {
    typealias F = MailFixtures

    @Test func aNewQuestionHasALinkPerActionEachSignedForThePersonAndQuestion() throws {
        let mail = F.composer.mail(.pending, about: F.question(), operation: "removeDownload", for: "luis", F.luis, texts: F.texts, sequence: 7, now: F.now)
        let urls = mail.text.split(separator: "\n").compactMap { line in line.split(separator: " ").last.flatMap { $0.hasPrefix("https://") ? String($0) : nil }
        }
        #expect(urls.count == 2)
        #expect(urls[0].hasSuffix("?action=remove") && urls[1].hasSuffix("?action=cancel"))
        for url in urls {
            let path = try #require(URLComponents(string: url)).path
            #expect(path.hasPrefix("/answer/p-1/"))
            let link = try AnswerLink.verified(String(path.dropFirst("/answer/p-1/".count)), keys: F.keys, at: F.now)
            #expect(link.person == "luis" && link.presentation == "p-1")
            #expect(link.expiresAt == F.now.addingTimeInterval(3_600), "never past the question's deadline")
        }
        #expect(mail.subject == "Remove download" && mail.to == "luis@example.com")
        #expect(
            mail.text.hasPrefix(
                "Remove download\n\nBlue in Green will no longer be available offline.\n\nA job is waiting for your answer.\n\nRemove: https://"))
    }

    @Test func aQuestionWithATextFieldHasOneLinkToTheQuestion() {
        let question = F.question(fields: [TextFieldState(id: "reason", label: "Reason")])
        let mail = F.composer.mail(.pending, about: question, operation: "removeDownload", for: "ana", F.ana, texts: F.texts, sequence: 7, now: F.now)
        #expect(mail.text.components(separatedBy: "https://").count == 2)
        #expect(mail.text.contains("Respóndela aquí: https://interlude.example/answer/p-1/"))
        #expect(!mail.text.contains("?action="))
    }

    @Test func theMailIsInThePersonsLanguageWithTheOperationsTexts() {
        let mail = F.composer.mail(.pending, about: F.question(), operation: "removeDownload", for: "ana", F.ana, texts: F.texts, sequence: 7, now: F.now)
        #expect(mail.subject == "Quitar descarga")
        #expect(mail.text.contains("Blue in Green dejará de estar disponible sin conexión."))
        #expect(mail.text.contains("Un trabajo espera tu respuesta."))
        #expect(mail.text.contains("Quitar: https://") && mail.text.contains("Cancelar: https://") == false && mail.text.contains("Cancel: https://"))
        #expect(mail.html.contains(">Quitar</a>") && mail.html.contains("<html lang=\"es\">"))
    }

    @Test func theQuestionsTextsAreEscapedInTheHTMLPart() {
        let question = F.question(title: "<script>alert(\"x\")</script> & co")
        let mail = F.composer.mail(.pending, about: question, operation: "other", for: "luis", F.luis, texts: Catalog([:]), sequence: 7, now: F.now)
        #expect(!mail.html.contains("<script>"))
        #expect(mail.html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"))
        #expect(mail.text.hasPrefix("<script>alert(\"x\")</script> & co"), "the plain part shows the text as it is")
    }

    @Test func aReminderCarriesFreshLinksAndFollowsTheFirstMailsThread() {
        let first = F.composer.mail(.pending, about: F.question(), operation: "removeDownload", for: "luis", F.luis, texts: F.texts, sequence: 7, now: F.now)
        let later = F.now.addingTimeInterval(600)
        let reminder = F.composer.mail(
            .reminder, about: F.question(), operation: "removeDownload", for: "luis", F.luis, texts: F.texts, sequence: 9, now: later)
        #expect(reminder.subject == "Reminder: Remove download")
        #expect(reminder.inReplyTo == first.messageID && reminder.messageID != first.messageID)
        #expect(reminder.text.contains("?action=remove"))
    }

    @Test(arguments: [
        (Resolution.Cause.answered, String?("luis"), String?("link"), "Resolved: Remove download", "luis chose “Remove” (link)."),
        (.expired, nil, nil, "Resolved: Remove download", "Nobody answered in time; “Cancel” was taken."),
        (.withdrawn, nil, nil, "Resolved: Remove download", "It was withdrawn: the job no longer needs an answer."),
    ])
    func aResolutionSaysWhoChoseWhatOrWhyNobodyDid(cause: Resolution.Cause, by: String?, channel: String?, subject: String, sentence: String) {
        let action = cause == .answered ? "remove" : cause == .expired ? "cancel" : nil
        let resolution = Resolution(presentation: "p-1", job: "j-1", cause: cause, action: action, by: by, channel: channel, at: F.now)
        let mail = F.composer.mail(
            .resolved, about: F.question(), operation: "removeDownload", resolution: resolution, for: "eva", People.Person(email: "eva@example.com"),
            texts: F.texts, sequence: 11, now: F.now)
        #expect(mail.subject == subject)
        #expect(mail.text.contains(sentence))
        #expect(!mail.text.contains("https://"), "a resolved question has nothing to answer")
    }
}
