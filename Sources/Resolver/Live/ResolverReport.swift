import Presentation
import Wire

/// One `--json` line: `{"event": "presented" | "answered" | "closed" | "refused", …}`.
enum ResolverReport: Encodable {
    /// `{"event":"presented","presentation":{…},"operation":"removeDownload"}`.
    case presented(PendingEntry)
    /// `{"event":"answered","resolution":{…}}`: our answer took effect.
    case answered(Resolution)
    /// `{"event":"closed","presentation":"prs_…","resolution":{…}|null}`: it ended without our answer.
    case closed(String, Resolution?)
    /// `{"event":"refused","presentation":"prs_…","error":{…}}`: our answer was refused.
    case refused(String, WireError)

    private enum Key: String, CodingKey { case event, presentation, operation, resolution, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .presented(let entry):
            try container.encode("presented", forKey: .event)
            try container.encode(entry.presentation, forKey: .presentation)
            try container.encode(entry.operation, forKey: .operation)
        case .answered(let resolution):
            try container.encode("answered", forKey: .event)
            try container.encode(resolution, forKey: .resolution)
        case .closed(let id, let resolution):
            try container.encode("closed", forKey: .event)
            try container.encode(id, forKey: .presentation)
            try container.encode(resolution, forKey: .resolution)
        case .refused(let id, let error):
            try container.encode("refused", forKey: .event)
            try container.encode(id, forKey: .presentation)
            try container.encode(error, forKey: .error)
        }
    }
}
