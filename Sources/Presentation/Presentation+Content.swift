package import Foundation
import JSON

extension Presentation {
    /// What a presentation says, apart from which question it is (id, job, sequence and times): thousands of
    /// pending questions that ask the same thing can keep one copy of it.
    ///
    /// Only taken from a presentation that passed every rule, so a presentation put together again from its
    /// content (`init(id:job:sequence:createdAt:expiresAt:content:)`) is as valid as the one it came from.
    package struct Content: Sendable, Hashable {
        let kind: Kind
        let title: String
        let titleVisibility: TitleVisibility
        let message: String?
        let actions: [Action]
        let fields: [TextFieldState]
        var audience: Audience?
        let item: JSONValue?
        let error: PresentedError?
        let localization: Localization?
        let escalation: Escalation?
        let onExpiry: String?
        /// When the audience was widened (`Presentation.escalatedAt`).
        package var escalatedAt: Date?
    }

    /// What this presentation says.
    package var content: Content {
        Content(
            kind: kind, title: title, titleVisibility: titleVisibility, message: message, actions: actions, fields: fields,
            audience: audience, item: item, error: error, localization: localization, escalation: escalation, onExpiry: onExpiry,
            escalatedAt: escalatedAt)
    }

    /// The presentation `id` of `job` saying `content`, with the sequence and times it was made with; not
    /// checked again (its content passed every rule once, and the rest is what it had).
    package init(id: String, job: String, sequence: Int, createdAt: Date, expiresAt: Date?, content: Content) {
        self.id = id
        self.job = job
        self.sequence = sequence
        kind = content.kind
        title = content.title
        titleVisibility = content.titleVisibility
        message = content.message
        actions = content.actions
        fields = content.fields
        audience = content.audience
        item = content.item
        error = content.error
        localization = content.localization
        escalation = content.escalation
        onExpiry = content.onExpiry
        escalatedAt = content.escalatedAt
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

extension Presentation.Content {
    /// The same content with its title, message, actions and localization taken from `texts` where an equal
    /// one is kept there.
    package func sharing(_ texts: inout SharedTexts) -> Presentation.Content {
        Presentation.Content(
            kind: kind, title: texts.share(title), titleVisibility: titleVisibility, message: message.map { texts.share($0) },
            actions: texts.share(actions), fields: fields, audience: audience, item: item, error: error,
            localization: localization.map { texts.share($0) }, escalation: escalation, onExpiry: onExpiry,
            escalatedAt: escalatedAt)
    }
}
