import Foundation
import TestSupport

/// `Examples/python-worker` and the virtual environment under the build folder (`.build/python-worker-venv`)
/// that its pyzmq is installed into from PyPI, once per change of its requirements.
enum PythonWorker {
    static let repository = RepositoryFolder.root
    static let script = repository.appendingPathComponent("Examples/python-worker/worker.py")
    static let requirements = repository.appendingPathComponent("Examples/python-worker/requirements.txt")
    static let venv = repository.appendingPathComponent(".build/python-worker-venv")
    static let python = venv.appendingPathComponent("bin/python")
    /// The requirements the environment was made from, compared with the example's own.
    static let installed = venv.appendingPathComponent("installed-requirements.txt")

    /// Why the test does not run when it does not.
    static let unavailable = "PyPI (pypi.org) is unreachable, and Examples/python-worker installs pyzmq from it"

    /// Whether the environment is ready: made from the example's requirements as they are now.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: python.path)
            && FileManager.default.contentsEqual(atPath: requirements.path, andPath: installed.path)
    }

    /// True unless the environment is missing and PyPI cannot be reached to install it: every other
    /// obstacle (no `python3-venv`, a pip failure) makes the test run and fail saying so.
    static func canRun() async -> Bool {
        if isInstalled { return true }
        let probe = "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/', timeout=10)"
        guard let (status, _) = try? await ChildCommand.run("/usr/bin/env", ["python3", "-c", probe], timeout: .seconds(20)) else { return true }
        return status == 0
    }

    /// Makes the environment when it is not ready, and returns its interpreter.
    static func prepare() async throws -> URL {
        if isInstalled { return python }
        try? FileManager.default.removeItem(at: venv)
        let made = try await ChildCommand.run("/usr/bin/env", ["python3", "-m", "venv", venv.path], timeout: .seconds(120))
        guard made.status == 0 else {
            throw EndToEndFailure("python3 -m venv failed (is python3-venv installed? scripts/install-deps.sh): \(made.output)")
        }
        let pip = venv.appendingPathComponent("bin/pip").path
        let install = try await ChildCommand.run(
            pip, ["install", "-q", "--disable-pip-version-check", "-r", requirements.path], timeout: .seconds(300))
        guard install.status == 0 else { throw EndToEndFailure("pip could not install \(requirements.path): \(install.output)") }
        try FileManager.default.copyItem(at: requirements, to: installed)
        return python
    }
}
