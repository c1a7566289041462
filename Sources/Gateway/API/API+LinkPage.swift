import Foundation
import HTTPServer
import Presentation
import Wire

extension API {
    /// The page of `/answer/{id}/{link}`: a refusal, or the pending question; with `answering`, the
    /// form's answer is sent first, as the link's person through channel `link`.
    func linkPage(_ request: HTTPRequest, answering: Bool) async -> HTTPResponse {
        guard let keys = configuration.linkKeys else { return LinkPage.refusal(LinkRefusal(.disabled)) }
        let id = request.pathParameters["id"] ?? ""
        let link: AnswerLink
        do {
            link = try AnswerLink.verified(request.pathParameters["link"] ?? "", keys: keys, at: Date())
        } catch {
            return LinkPage.refusal(error)
        }
        guard link.presentation == id else { return LinkPage.refusal(LinkRefusal(.otherQuestion)) }
        let state: BrokerReply.PresentationState
        do {
            state = try await presentation(id)
        } catch {
            guard error.status == 404 else { return LinkPage.notice("Try again later", "The server could not look the question up.", status: 503) }
            return LinkPage.refusal(LinkRefusal(.unknown))
        }
        if let resolution = state.resolution { return Self.resolvedPage(resolution) }
        let path = "/answer/\(id)/\(request.pathParameters["link"] ?? "")"
        guard answering else { return LinkPage.question(state.presentation, link: link, path: path) }
        let form = LinkForm(request.body)
        guard let actionID = form["action"], let action = state.presentation.action(actionID) else {
            return LinkPage.question(state.presentation, link: link, path: path, problem: "Choose one of the buttons.", status: 422)
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
                return LinkPage.notice("Already approved", "\(error.message). You can close this page.", status: 409)
            case 409: return (try? await presentation(id)).flatMap(\.resolution).map(Self.resolvedPage) ?? LinkPage.refusal(LinkRefusal(.resolved))
            case 403: return LinkPage.refusal(LinkRefusal(.notInAudience))
            case 422: return LinkPage.question(state.presentation, link: link, path: path, problem: error.message, status: 422)
            default: return LinkPage.notice("Try again later", "The answer did not reach the server's broker.", status: 503)
            }
        }
        if let approvals {
            let progress = approvals.approvalProgress.filter { !$0.approvals.isEmpty }.map(\.description).joined(separator: "; ")
            return LinkPage.notice("Approval recorded", "You chose “\(action.label)”: \(progress). You can close this page.", status: 200)
        }
        return LinkPage.notice("Answered", "You chose “\(action.label)”. You can close this page.", status: 200)
    }

    /// The page of a question no longer pending: how it ended.
    private static func resolvedPage(_ resolution: Resolution) -> HTTPResponse {
        LinkPage.refusal(LinkRefusal(.resolved, message: "This link can no longer answer: the question was already \(resolution.summary)."))
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
