import Foundation
import Primitives
import Presentation
import Wire

/// How commands print: stable one-line JSON for `--json`, readable text otherwise.
enum Output {
    /// One line of JSON with sorted keys.
    static func json(_ value: some Encodable) {
        guard let data = try? JSONCoding.encoder.encode(value) else { return }
        print(String(decoding: data, as: UTF8.self))
    }

    /// A job as a person reads it.
    static func describe(_ job: Job) -> String {
        var lines = ["\(job.id)  \(job.operation)  \(job.state.rawValue)  (updated \(Timestamp.string(job.updatedAt)))"]
        if let progress = job.progress, !job.isFinished, progress.total > 0 {
            lines.append("  progress: \(progress.done * 100 / progress.total)% (\(progress.done) of \(progress.total))")
        }
        if let presentation = job.presentation { lines.append(contentsOf: describe(presentation).map { "  " + $0 }) }
        if let result = job.result, job.state == .succeeded { lines.append("  result: \(compact(result))") }
        if let error = job.error { lines.append("  error: \(error.message) [\(error.code)]") }
        return lines.joined(separator: "\n")
    }

    /// A presentation as a person reads it, with the command that answers it.
    static func describe(_ presentation: Presentation) -> [String] {
        var lines = ["question \(presentation.id) (\(presentation.kind == .alert ? "alert" : "confirmation dialog"), job \(presentation.job)): \(presentation.title)"]
        if let message = presentation.message { lines.append("  \(message)") }
        if let reason = presentation.error?.failureReason { lines.append("  \(reason)") }
        let actions = presentation.actions.map { action in
            "\(action.id) (\"\(action.label)\"\(action.role.map { ", \($0.rawValue)" } ?? ""))"
        }
        lines.append("  actions: \(actions.joined(separator: ", "))")
        if let expiry = presentation.expiresAt { lines.append("  expires \(Timestamp.string(expiry))") }
        lines.append("  answer: interlude answer \(presentation.id) <action>")
        return lines
    }

    /// A JSON value on one line.
    static func compact(_ value: JSONValue) -> String {
        (try? JSONCoding.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
