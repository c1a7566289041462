import Foundation
import Testing

@testable import Mail

/// The message as SMTP carries it: headers, the two parts, encodings.
@Suite struct MailMessageTests {
    static let message = MailMessage(
        from: "interlude@example.com", to: "ana@example.com", subject: "¿Quitar «Blue in Green»?", text: "Hola\nadiós", html: "<p>Hola</p>",
        messageID: "<p-1.ana@example.com>", inReplyTo: "<p-0.ana@example.com>", date: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func theHeadersCarryTheSenderRecipientDateIdentityAndAMultipartAlternativeBody() {
        let text = String(decoding: Self.message.rendered, as: UTF8.self)
        let head = text[..<(text.range(of: "\r\n\r\n")?.lowerBound ?? text.endIndex)].components(separatedBy: "\r\n")
        #expect(head.contains("From: Interlude <interlude@example.com>"))
        #expect(head.contains("To: ana@example.com"))
        #expect(head.contains("Date: Fri, 15 Jan 2027 08:00:00 +0000"))
        #expect(head.contains("Message-ID: <p-1.ana@example.com>"))
        #expect(head.contains("In-Reply-To: <p-0.ana@example.com>") && head.contains("References: <p-0.ana@example.com>"))
        #expect(head.contains("MIME-Version: 1.0"))
        #expect(head.contains("Content-Type: multipart/alternative; boundary=\"\(Self.message.boundary)\""))
        #expect(head.contains("Auto-Submitted: auto-generated"))
        #expect(text.hasSuffix("--\(Self.message.boundary)--\r\n"))
    }

    @Test func aSubjectThatIsNotPlainASCIIIsEncodedWordsOfUTF8() throws {
        let text = String(decoding: Self.message.rendered, as: UTF8.self)
        let line = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("Subject: ") })
        #expect(line == "Subject: =?UTF-8?B?\(Data("¿Quitar «Blue in Green»?".utf8).base64EncodedString())?=")
        #expect(text.utf8.allSatisfy { $0 < 0x80 }, "the whole message is 7-bit")
    }

    @Test func aLongSubjectIsFoldedIntoWordsOfAtMost75Characters() {
        let subject = String(repeating: "Confirmar la operación ", count: 8)
        let value = HeaderText.encoded(subject)
        let words = value.components(separatedBy: "\r\n ")
        #expect(words.count > 1 && words.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") })
        let decoded = words.map { word in String(decoding: Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data(), as: UTF8.self) }
        #expect(decoded.joined() == subject)
    }

    @Test(arguments: ["Evil\r\nBcc: everyone@example.com", "Evil\nX-Injected: yes", "Evil\rX: y"])
    func aLineBreakInASubjectNeverStartsAHeaderOfItsOwn(subject: String) {
        let message = MailMessage(from: "a@example.com", to: "b@example.com", subject: subject, text: "", html: "", messageID: "<x@example.com>", date: .now)
        // Split at any line end a lenient reader might take for one.
        let lines = String(decoding: message.rendered, as: UTF8.self).components(separatedBy: .newlines)
        #expect(!lines.contains { $0.hasPrefix("Bcc:") || $0.hasPrefix("X-Injected:") || $0.hasPrefix("X:") })
    }

    @Test func bothPartsAreUTF8InBase64WithCRLFLines() {
        #expect(MailFixtures.part("text/plain", of: Self.message.rendered) == "Hola\r\nadiós")
        #expect(MailFixtures.part("text/html", of: Self.message.rendered) == "<p>Hola</p>")
        let lines = String(decoding: Self.message.rendered, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.count <= 78 })
    }

    @Test(arguments: [
        (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"), (1_800_000_000.0, "Fri, 15 Jan 2027 08:00:00 +0000"),
        (951_782_400.0, "Tue, 29 Feb 2000 00:00:00 +0000"),
    ])
    func datesAreWrittenAsRFC5322SaysInUTC(seconds: Double, expected: String) {
        #expect(MailDate.string(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
