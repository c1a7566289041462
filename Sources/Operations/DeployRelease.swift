import Confinement
public import Foundation
public import WorkerKit

/// Puts a release live once two people of group `ops` approve: the demo of approvals by several people.
///
/// Asks "Deploy release" with Deploy (two approvals) and Cancel; any Cancel ends it at once, and an hour
/// without both approvals resolves it to Cancel. Deploying writes `release.json` in the library.
public struct DeployRelease: JobOperation {
    /// The name clients submit.
    public static let name = "deployRelease"

    /// The library folder; the live release is recorded in its `release.json`.
    public let library: URL

    /// An operation acting on `library`.
    public init(library: URL) {
        self.library = library
    }

    /// The release to put live.
    public struct Input: Codable, Sendable, Hashable {
        /// Its name, such as `2.4.1`.
        public var release: String

        /// An input deploying `release`.
        public init(release: String) {
            self.release = release
        }
    }

    /// Whether the release went live.
    public struct Output: Codable, Sendable, Hashable {
        /// `true` once `release.json` names the release.
        public var deployed: Bool

        /// An output saying whether it was deployed.
        public init(deployed: Bool) {
            self.deployed = deployed
        }
    }

    /// The file in the library naming the live release.
    public static let fileName = "release.json"

    /// What `release.json` holds once a release is live.
    public struct Live: Codable, Sendable, Hashable {
        /// The release's name.
        public var release: String
    }

    /// Who approves: the group whose two members must choose Deploy.
    public static let approvers = Audience(groups: ["ops"])

    /// How long the question waits for both approvals before it resolves to Cancel: an hour.
    public static let answerWithin: TimeInterval = 3_600

    /// The dialog's actions: Deploy needs two people.
    enum Choice: String, PresentationAction, CaseIterable {
        case deploy, cancel

        var button: ButtonState {
            switch self {
            case .deploy: ButtonState("Deploy", localization: Localization("action.deploy"), approvals: 2)
            case .cancel: .cancel
            }
        }
    }

    /// Asks two people of `ops` to approve, then records the release as live.
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        let release = input.release
        guard !release.isEmpty, release.count <= 64, release.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
            throw JobError(code: "invalidRelease", message: "\"\(release)\" is not a release name (1 to 64 letters, digits, '.', '_' or '-')")
        }
        let dialog = Question<Choice>.confirmationDialog(
            "Deploy release", titleVisibility: .visible, message: "Release \(release) goes live once two people of ops approve.",
            actions: [.deploy, .cancel], item: .object(["release": .string(release)]),
            localization: Localization("deployRelease.confirm", [release]), expiresAfter: Self.answerWithin
        ).for(Self.approvers)
        guard try await job.present(dialog) == .deploy else { return Output(deployed: false) }
        _ = try await job.step("deploy") {
            let root = try LibraryFiles.root(library)
            do { try root.writeJSON(Live(release: release), to: Self.fileName) } catch {
                throw JobError.failed("writeFailed", "cannot write \(root.path(of: Self.fileName))", error)
            }
            return true
        }
        return Output(deployed: true)
    }
}
