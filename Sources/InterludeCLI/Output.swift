import Foundation
import JSON
import Presentation
import Primitives
import Wire

/// How commands print: stable one-line JSON for `--json`, readable text otherwise.
package enum Output {
    /// One line of JSON with sorted keys.
    package static func json(_ value: some Encodable) {
        guard let data = try? JSONCoding.encoder.encode(value) else { return }
        print(String(decoding: data, as: UTF8.self))
    }

    /// Text from the broker as a terminal may show it: control characters written visibly (`\u{1B}`).
    package static func safe(_ text: String, multiline: Bool = false) -> String {
        TextRules.escaped(text, keepingLineBreaks: multiline)
    }

    /// One line of JSON written by the hand-written writer: a job's input as its client spelled it.
    static func json(_ value: some JSONWritable & Encodable) {
        guard let data = (try? JSONWriter.encode(value)) ?? (try? JSONCoding.encoder.encode(value)) else { return }
        print(String(decoding: data, as: UTF8.self))
    }

    /// A job as one line of JSON or as a person reads it.
    static func show(_ job: Job, json: Bool) {
        if json { Self.json(job) } else { print(describe(job)) }
    }

    /// A job as a person reads it.
    static func describe(_ job: Job) -> String {
        var lines = ["\(safe(job.id))  \(safe(job.operation))  \(job.state.rawValue)  (updated \(Timestamp.string(job.updatedAt)))"]
        if let progress = job.progress, !job.isFinished, progress.total > 0 {
            lines.append("  progress: \(progress.done * 100 / progress.total)% (\(progress.done) of \(progress.total))")
        }
        if let presentation = job.presentation { lines.append(contentsOf: describe(presentation).map { "  " + $0 }) }
        if let outcome = job.outcome {
            lines.append("  outcome: \(safe(outcome.action ?? "no action")) (\(outcome.cause.rawValue), \(safe(outcome.presentation)))")
        }
        if let result = job.result, job.state == .succeeded { lines.append("  result: \(compact(result))") }
        if let error = job.error { lines.append("  error: \(safe(error.message)) [\(safe(error.code))]") }
        return lines.joined(separator: "\n")
    }

    /// A presentation as a person reads it, with the command that answers it.
    static func describe(_ presentation: Presentation, approvals: [Approval] = []) -> [String] {
        let kind = presentation.kind == .alert ? "alert" : "confirmation dialog"
        var lines = ["question \(safe(presentation.id)) (\(kind), job \(safe(presentation.job))): \(safe(presentation.title))"]
        if let message = presentation.message { lines.append("  \(safe(message, multiline: true))") }
        if let reason = presentation.error?.failureReason { lines.append("  \(safe(reason, multiline: true))") }
        let actions = presentation.actions.map { action in
            "\(safe(action.id)) (\"\(safe(action.label))\"\(action.role.map { ", \($0.rawValue)" } ?? "")\(action.needsSeveral ? ", needs \(action.approvals) approvals" : ""))"
        }
        lines.append("  actions: \(actions.joined(separator: ", "))")
        for progress in presentation.approvalProgress(approvals) {
            lines.append("  \(safe(progress.action)): \(safe(progress.description))")
        }
        for field in presentation.fields {
            var traits = [field.kind.rawValue]
            if field.required { traits.append("required") }
            if let actions = field.actions { traits.append("with \(actions.map { safe($0) }.joined(separator: ", "))") }
            lines.append("  field \(safe(field.id)) (\(traits.joined(separator: ", "))): \"\(safe(field.label))\"")
        }
        if let audience = presentation.audience { lines.append("  for: \(safe(audience.description))") }
        if let escalation = presentation.escalation, let at = presentation.escalatesAt {
            lines.append("  escalates \(Timestamp.string(at)) to \(safe(escalation.to.description))")
        }
        if let expiry = presentation.expiresAt { lines.append("  expires \(Timestamp.string(expiry))") }
        let values = presentation.fields.isEmpty ? "" : " [--value FIELD=TEXT]…"
        lines.append("  answer: interlude answer \(safe(presentation.id)) <action>\(values)")
        return lines
    }

    /// The broker's counters as a person reads them.
    static func describe(_ stats: BrokerReply.Stats) -> String {
        let states = Job.State.allCases.map { "\($0.rawValue) \(stats.jobs[$0.rawValue] ?? 0)" }.joined(separator: ", ")
        var lines = [
            "jobs: \(states)", "pending questions: \(stats.pending)", "workers: \(stats.workers)",
            "journal: " + (stats.storageFull ? "disk full: new work is refused until space is freed; reads go on" : "ok"),
        ]
        if !stats.quarantined.isEmpty {
            lines.append("quarantined (journal rows that cannot be read; the broker runs without them):")
            lines += stats.quarantined.map { "  \(safe($0.job)): \(safe($0.reason))" }
        }
        return lines.joined(separator: "\n")
    }

    /// A JSON value on one line.
    static func compact(_ value: JSONValue) -> String {
        safe((try? JSONCoding.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)")
    }

    /// A worker's JSON on one line, in the encoder's spelling (its bytes may span lines; `--json` keeps them).
    static func compact(_ raw: RawJSON) -> String {
        guard let value = try? raw.value else { return safe(raw.description) }
        return compact(value)
    }
}
