import Greet
import WorkerKit
import WorkerMain
import WorkerRuntime

// Reads the settings `interlude worker` reads (config/interlude.json, then INTERLUDE_… variables),
// announces `greet` to the broker, and runs it until SIGINT or SIGTERM.
await WorkerProcess.main {
    var operations = OperationRegistry()
    try operations.register(Greet())
    return operations
}
