import Foundation
import HTTPServer
import Presentation
import Wire

extension API {
    /// The page of `/answer/{id}/{link}`, in the language the request asks for (`Accept-Language`): a
    /// refusal, or the pending question; with `answering`, the form's answer is sent first, as the
    /// link's person through channel `link`.
    func linkPage(_ request: HTTPRequest, answering: Bool) async -> HTTPResponse {
        var texts = LinkTexts(acceptLanguage: request.headers["Accept-Language"])
        guard let keys = linkKeys.current else { return LinkPage.refusal(LinkRefusal(.disabled), texts: texts) }
        let id = request.pathParameters["id"] ?? ""
        let link: AnswerLink
        do {
            link = try AnswerLink.verified(request.pathParameters["link"] ?? "", keys: keys, at: Date())
        } catch {
            return LinkPage.refusal(error, texts: texts)
        }
        guard link.presentation == id else { return LinkPage.refusal(LinkRefusal(.otherQuestion), texts: texts) }
        let state: BrokerReply.PresentationState
        do {
            state = try await presentation(id)
        } catch {
            guard error.status == 404 else {
                return LinkPage.notice(texts.string("link.tryLater"), texts.string("link.lookupFailed"), texts: texts, status: 503)
            }
            return LinkPage.refusal(LinkRefusal(.unknown), texts: texts)
        }
        if let resolution = state.resolution { return LinkPage.resolved(resolution, texts: texts) }
        if let operation = state.operation {
            let catalogs = await operations.current().flatMap(\.catalogs).filter { $0.name == operation }.map(\.catalog)
            texts = LinkTexts(acceptLanguage: request.headers["Accept-Language"], operationTexts: catalogs.reduce(Catalog([:])) { $0.merging($1) })
        }
        let path = "/answer/\(id)/\(request.pathParameters["link"] ?? "")"
        guard answering else { return LinkPage.question(state.presentation, link: link, path: path, texts: texts) }
        let form = LinkForm(request.body)
        guard let actionID = form["action"], let action = state.presentation.action(actionID) else {
            return LinkPage.question(state.presentation, link: link, path: path, texts: texts, problem: texts.string("link.chooseButton"), status: 422)
        }
        var values: [String: String] = [:]
        for field in state.presentation.fields(for: action) {
            if let value = form["value.\(field.id)"], !value.isEmpty { values[field.id] = value }
        }
        let answer = ClientRequest.AnswerRequest(
            presentation: id, action: action.id, by: link.person, channel: "link", values: values.isEmpty ? nil : values,
            groups: tokens.current.groups(of: link.person))
        let approvals: BrokerReply.PresentationState?
        do {
            approvals = try await ask(.answer(answer)) { reply -> BrokerReply.PresentationState?? in
                if case .resolution = reply { return .some(nil) }
                if case .presentation(let state) = reply { return .some(state) }
                return nil
            }
        } catch {
            switch error.status {
            case 409 where error.code == WireError.Code.alreadyApproved.rawValue:
                return LinkPage.notice(
                    texts.string("link.alreadyApproved"), texts.string("link.alreadyApprovedMessage", error.message), texts: texts, status: 409)
            case 409:
                let resolution = (try? await presentation(id)).flatMap(\.resolution)
                return resolution.map { LinkPage.resolved($0, texts: texts) } ?? LinkPage.refusal(LinkRefusal(.resolved), texts: texts)
            case 403: return LinkPage.refusal(LinkRefusal(.notInAudience), texts: texts)
            case 422: return LinkPage.question(state.presentation, link: link, path: path, texts: texts, problem: error.message, status: 422)
            default: return LinkPage.notice(texts.string("link.tryLater"), texts.string("link.notDelivered"), texts: texts, status: 503)
            }
        }
        let label = texts.question.label(of: action, locale: texts.locale)
        if let approvals {
            // The count is the broker's sentence (English), as its refusals are.
            let progress = approvals.approvalProgress.filter { !$0.approvals.isEmpty }.map(\.description).joined(separator: "; ")
            return LinkPage.notice(texts.string("link.approvalRecorded"), texts.string("link.choseApproval", label, progress), texts: texts, status: 200)
        }
        return LinkPage.notice(texts.string("link.answered"), texts.string("link.chose", label), texts: texts, status: 200)
    }
}

/// The fields of an `application/x-www-form-urlencoded` body; the first of repeated names wins and
/// anything that does not decode is left out.
struct LinkForm {
    private var fields: [String: String] = [:]

    /// The fields of `body`.
    init(_ body: Data) {
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decode(parts[0]), let value = parts.count == 2 ? decode(parts[1]) : "" else { continue }
            if fields[name] == nil { fields[name] = value }
        }
    }

    /// The value of the field `name`.
    subscript(name: String) -> String? { fields[name] }
}
