// swift-tools-version:6.0
import Foundation
import PackageDescription

/// C libraries come from Debian through system-library targets: a modulemap and a shim header each.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "Interlude",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "interlude", targets: ["interlude"]),
        .executable(name: "interlude-bench", targets: ["interlude-bench"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "WorkerKit", targets: ["WorkerKit"]),
        .library(name: "WorkerRuntime", targets: ["WorkerRuntime"]),
        .library(name: "WorkerMain", targets: ["WorkerMain"]),
        .library(name: "WorkerKitTesting", targets: ["WorkerKitTesting"]),
        .library(name: "InterludeClient", targets: ["Client"]),
        .library(name: "InterludeGateway", targets: ["GatewayClient"]),
    ],
    targets: [
        // libzmq's pkg-config file carries -isystem flags SwiftPM refuses; its header is in /usr/include.
        .systemLibrary(name: "CZeroMQ", providers: [.apt(["libzmq3-dev"])]),
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        systemLibrary("CSodium", pkgConfig: "libsodium", apt: "libsodium-dev"),
        systemLibrary("CArchive", pkgConfig: "libarchive", apt: "libarchive-dev"),
        systemLibrary("CPostgres", pkgConfig: "libpq", apt: "libpq-dev"),
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        // glibc's malloc.h (`mallopt`): part of the C library, nothing to install.
        .systemLibrary(name: "CMalloc"),

        // Leaves: what every module may share, and the logger.
        .target(name: "Primitives"),
        .target(name: "Log", dependencies: ["Primitives"]),
        // The one shape of every long-running part: `Service`, `ServiceGroup`, graceful shutdown, signals.
        .target(name: "Lifecycle", dependencies: ["Log", "CMalloc"]),
        // One Swift wrapper per C library.
        .target(name: "ZeroMQ", dependencies: ["CZeroMQ", "Primitives"]),
        .target(name: "SQLite", dependencies: ["CSQLite", "Primitives"]),
        .target(name: "PostgreSQL", dependencies: ["CPostgres", "Primitives"]),
        .target(name: "Confinement", dependencies: ["Primitives"]),
        .target(name: "Archive", dependencies: ["CArchive", "Confinement"]),
        // Each wire type declared once in a `.shape` file: the generator writes its reader, writer, Codable, OpenAPI
        // component and random values, and the build-tool plugin runs it over a target's `.shape` files.
        .executableTarget(name: "ShapeGenerator", exclude: ["README.md"]),
        .plugin(name: "ShapePlugin", capability: .buildTool(), dependencies: ["ShapeGenerator"]),
        // Generic JSON: `JSONValue`, `RawJSON`, the one-pass reader (which enforces the nesting and key limits) and the writer.
        .target(name: "JSON", dependencies: ["Primitives"]),
        .target(name: "Presentation", dependencies: ["JSON", "Primitives"], plugins: ["ShapePlugin"]),
        .target(name: "Schema", dependencies: ["JSON", "Primitives"]),
        .target(name: "Wire", dependencies: ["JSON", "Presentation", "Schema", "Primitives"], plugins: ["ShapePlugin"]),
        .target(name: "Configuration", dependencies: ["JSON", "Log", "SQLite", "PostgreSQL", "ZeroMQ", "Wire", "Presentation"]),
        .target(name: "Journal", dependencies: ["JSON", "SQLite", "PostgreSQL", "Presentation", "Wire", "Primitives"]),
        .target(name: "Broker", dependencies: ["JSON", "ZeroMQ", "Wire", "Journal", "Presentation", "Schema", "Log", "Lifecycle", "Primitives"]),
        // The SDK an operation's author imports; the worker's ZeroMQ runtime is a module of its own.
        .target(name: "WorkerKit", dependencies: ["JSON", "Wire", "Presentation", "Schema"]),
        .target(name: "WorkerRuntime", dependencies: ["JSON", "WorkerKit", "ZeroMQ", "Wire", "Presentation", "Log", "Lifecycle"]),
        // A worker program on Interlude's settings: what `interlude worker` and a worker of one's own run.
        .target(name: "WorkerMain", dependencies: ["WorkerRuntime", "WorkerKit", "Configuration", "ZeroMQ"]),
        .target(name: "WorkerKitTesting", dependencies: ["JSON", "WorkerKit", "Wire", "Presentation"]),
        .target(name: "Operations", dependencies: ["WorkerKit", "Archive", "Confinement", "Primitives"]),
        .target(name: "Client", dependencies: ["JSON", "ZeroMQ", "Wire", "Presentation", "Log", "Lifecycle", "Primitives"]),
        // A client of the gateway's HTTP API for programs and apps anywhere (Foundation only, no ZeroMQ).
        .target(name: "GatewayClient", dependencies: ["JSON", "Wire", "Presentation"]),
        .target(name: "Resolver", dependencies: ["JSON", "Client", "Wire", "Presentation", "Primitives"]),
        .target(name: "Sodium", dependencies: ["CSodium"]),
        // Outgoing HTTP (webhook deliveries): libcurl's multi interface on a thread of its own; and SMTP for mail.
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        // The gateway in three parts: an HTTP server library, webhooks in and out, and the JSON API with its page.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMicroHTTPDErrorPages", "JSON", "Log", "Lifecycle", "Primitives"]),
        // libmicrohttpd's own error pages (requests it refuses while parsing) handed to HTTPServer for our JSON.
        .target(name: "CMicroHTTPDErrorPages"),
        .target(
            name: "Webhooks",
            dependencies: [
                "JSON", "Sodium", "SQLite", "HTTPClient", "Client", "Wire", "Presentation", "Log", "Lifecycle", "Primitives",
            ]),
        .target(
            name: "Gateway",
            dependencies: [
                "JSON", "HTTPServer", "Webhooks", "Sodium", "Client", "Log", "Lifecycle", "Wire", "Presentation", "Schema", "Primitives",
            ], exclude: ["Page/Assets"]),
        // Questions mailed to their audience with answer links: message building, a durable outbox, SMTP delivery.
        .target(
            name: "Mail",
            dependencies: ["Client", "Gateway", "HTTPClient", "JSON", "Lifecycle", "Log", "Presentation", "Primitives", "SQLite", "Webhooks", "Wire"]),
        .target(
            name: "InterludeCLI",
            dependencies: [
                "JSON", "Configuration", "Log", "Lifecycle", "ZeroMQ", "Broker", "Journal", "Webhooks", "WorkerKit", "WorkerRuntime", "WorkerMain",
                "Operations", "Client", "Resolver", "GatewayClient", "HTTPClient",
                "Gateway", "Mail", "Presentation", "Schema", "Wire", "Primitives",
            ]),
        .executableTarget(name: "interlude", dependencies: ["InterludeCLI"]),
        // The benchmark, a tool of its own that runs `interlude`'s processes (benchmarks/run.sh builds it).
        .target(
            name: "Bench",
            dependencies: [
                "JSON", "InterludeCLI", "Configuration", "Log", "Lifecycle", "SQLite", "ZeroMQ", "Broker", "Journal", "HTTPServer", "WorkerKit",
                "WorkerRuntime",
                "Operations", "Client", "Gateway", "Presentation", "Wire", "PostgreSQL", "HTTPClient",
            ]),
        .executableTarget(name: "interlude-bench", dependencies: ["Bench"]),
        // What the fuzzers run, as plain functions of bytes (the regression tests run them too).
        .target(name: "FuzzTargets", dependencies: ["JSON", "Wire", "Presentation", "Webhooks", "HTTPServer", "Gateway", "Log"]),

        // What several test targets share (an HTTP round trip); only tests depend on it.
        .target(name: "TestSupport", dependencies: ["JSON", "Client", "PostgreSQL", "Presentation", "Wire"], path: "Tests/TestSupport"),

        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "PresentationTests", dependencies: ["JSON", "Presentation", "TestSupport"]),
        .testTarget(name: "SchemaTests", dependencies: ["JSON", "Schema", "Presentation"]),
        .testTarget(name: "WireTests", dependencies: ["JSON", "Wire", "Presentation", "Schema", "TestSupport"]),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ"]),
        .testTarget(name: "ConfinementTests", dependencies: ["Confinement"]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "TestSupport"]),
        .testTarget(name: "LifecycleTests", dependencies: ["Lifecycle", "Log"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "Primitives"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["PostgreSQL", "TestSupport"]),
        .testTarget(name: "JournalTests", dependencies: ["JSON", "Journal", "PostgreSQL", "SQLite", "Wire", "Presentation", "Schema", "TestSupport"]),
        .testTarget(name: "BrokerTests", dependencies: ["JSON", "Broker", "Journal", "Log", "Wire", "Presentation", "Schema", "ZeroMQ"]),
        .testTarget(
            name: "WorkerKitTests",
            dependencies: ["WorkerKit", "WorkerKitTesting", "WorkerRuntime", "Presentation", "Wire", "ZeroMQ", "Log", "Primitives", "TestSupport"]),
        .testTarget(
            name: "OperationsTests",
            dependencies: [
                "JSON", "Operations", "Confinement", "WorkerKitTesting", "WorkerKit", "Presentation", "Schema", "Wire", "Archive", "Broker", "TestSupport",
            ]),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "SQLite"]),
        .testTarget(name: "ClientTests", dependencies: ["Client", "Presentation", "Wire", "ZeroMQ", "TestSupport", "JSON"]),
        .testTarget(name: "GatewayClientTests", dependencies: ["GatewayClient", "Presentation", "Wire"]),
        .testTarget(name: "ResolverTests", dependencies: ["JSON", "Resolver", "Operations", "Presentation", "Wire", "WorkerKitTesting"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPServer"], exclude: ["Fixtures"]),
        .testTarget(
            name: "WebhooksTests", dependencies: ["JSON", "Webhooks", "HTTPServer", "Client", "Presentation", "Wire", "TestSupport", "Log", "SQLite"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "GatewayTests",
            dependencies: [
                "JSON", "Gateway", "HTTPServer", "Webhooks", "Client", "ZeroMQ", "Presentation", "Primitives", "Schema", "Wire", "TestSupport", "Log", "SQLite",
            ]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "Gateway", "Operations", "Presentation", "Wire"]),
        .testTarget(
            name: "InterludeCLITests",
            dependencies: [
                "JSON", "InterludeCLI", "Configuration", "Gateway", "Mail", "Webhooks", "Presentation", "Wire", "TestSupport", "Client", "SQLite",
            ]),
        .testTarget(name: "BenchTests", dependencies: ["JSON", "Bench", "InterludeCLI", "Presentation", "Wire", "ZeroMQ"]),
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"], exclude: ["Regressions"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["JSON", "Client", "GatewayClient", "PostgreSQL", "Wire", "Presentation", "Schema", "ZeroMQ", "SQLite", "TestSupport"],
            exclude: ["Browser", "Receiver"]),
    ]
)

// The libFuzzer executable exists only in the fuzz build (`scripts/fuzz`, INTERLUDE_FUZZ=1, in
// .build/fuzz): it has no `main` of its own, libFuzzer's is linked in by `--sanitize=fuzzer`.
if ProcessInfo.processInfo.environment["INTERLUDE_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "interlude-fuzz", dependencies: ["FuzzTargets"], path: "Fuzz/Entry"))
    // The shape generator, a tool of the build, is linked with the sanitizer too, and so with libFuzzer's `main`
    // beside its own (lld allows both; gold fails on it): libFuzzer's runs and hands over to the generator
    // through `LLVMFuzzerInitialize` (Sources/ShapeGenerator/ShapeGenerator.swift).
    for target in package.targets where target.name == "ShapeGenerator" {
        target.linkerSettings = [
            .unsafeFlags(["-use-ld=lld", "-Xlinker", "--allow-multiple-definition"])
        ]
    }
}

// The compiler, not only a test, keeps the module graph and the spelling of existentials true: a module's
// public declarations may use another module's types only where its file says `public import`.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
