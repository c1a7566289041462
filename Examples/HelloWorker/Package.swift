// swift-tools-version:6.0
import PackageDescription

/// A worker of one's own: one operation, `greet`, built on the repository's worker SDK by path.
let package = Package(
    name: "HelloWorker",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Interlude", path: "../..")],
    targets: [
        // The operation imports the SDK alone.
        .target(name: "Greet", dependencies: [.product(name: "WorkerKit", package: "Interlude")]),
        // The program adds the worker runtime (the broker connection, signals) and WorkerMain (the settings).
        .executableTarget(
            name: "hello-worker",
            dependencies: [
                "Greet", .product(name: "WorkerKit", package: "Interlude"), .product(name: "WorkerRuntime", package: "Interlude"),
                .product(name: "WorkerMain", package: "Interlude"),
            ]),
        .testTarget(
            name: "GreetTests",
            dependencies: [
                "Greet", .product(name: "WorkerKit", package: "Interlude"), .product(name: "WorkerKitTesting", package: "Interlude"),
            ]),
    ]
)
