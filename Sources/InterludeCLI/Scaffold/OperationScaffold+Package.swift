extension OperationScaffold {
    static let manifest = #"""
        // swift-tools-version:6.0
        import PackageDescription

        /// __TYPE__: the `__NAME__` operation, its worker and its tests, on Interlude's worker SDK.
        let package = Package(
            name: "__TYPE__",
            platforms: [.macOS(.v15)],
            dependencies: [
                // Interlude by path; `name:` keeps its package name whatever its folder is called. From git instead:
                // .package(url: "https://github.com/<owner>/interlude.git", from: "__VERSION__"),
                .package(name: "Interlude", path: "__INTERLUDE__"),
            ],
            targets: [
                // The operation imports the SDK alone.
                .target(name: "__TYPE__", dependencies: [.product(name: "WorkerKit", package: "Interlude")]),
                // The program adds the worker runtime (the broker connection, signals) and WorkerMain (the settings).
                .executableTarget(name: "__WORKER__", dependencies: [
                    "__TYPE__", .product(name: "WorkerKit", package: "Interlude"), .product(name: "WorkerRuntime", package: "Interlude"),
                    .product(name: "WorkerMain", package: "Interlude"),
                ]),
                // The operation in memory, without a broker.
                .testTarget(name: "__TYPE__Tests", dependencies: [
                    "__TYPE__", .product(name: "WorkerKit", package: "Interlude"), .product(name: "WorkerKitTesting", package: "Interlude"),
                ]),
            ]
        )

        """#

    static let worker = #"""
        import __TYPE__
        import WorkerKit
        import WorkerMain
        import WorkerRuntime

        // Reads the settings `interlude worker` reads (config/interlude.json, then INTERLUDE_… variables),
        // announces `__NAME__` to the broker, and runs it until SIGINT or SIGTERM.
        await WorkerProcess.main {
            var operations = OperationRegistry()
            try operations.register(__TYPE__())
            return operations
        }

        """#

    static let texts = #"""
        import WorkerKit

        extension __TYPE__ {
            /// The dialog's texts in English and Spanish; resolvers get them from the broker. Every key starts
            /// with the operation's name; "Cancel" is a button every resolver translates itself (`action.cancel`).
            public static let catalog = Catalog([
                "en": [
                    "__NAME__.confirm.title": "Proceed with {0}?",
                    "__NAME__.confirm.message": "This cannot be undone.",
                    "__NAME__.action.proceed": "Proceed",
                    "__NAME__.field.note": "Note",
                    "__NAME__.field.note.placeholder": "Why now?",
                ],
                "es": [
                    "__NAME__.confirm.title": "¿Continuar con {0}?",
                    "__NAME__.confirm.message": "No se puede deshacer.",
                    "__NAME__.action.proceed": "Continuar",
                    "__NAME__.field.note": "Nota",
                    "__NAME__.field.note.placeholder": "¿Por qué ahora?",
                ],
            ])

            /// The keys the dialog, its field and its buttons use: the broker refuses (at announcement) a
            /// catalog key none of them uses and a button a language of the catalog lacks.
            public static let catalogUse: CatalogUse? = CatalogUse(questions: ["__NAME__.confirm", "__NAME__.field.note"], choices: Choice.self)
        }

        """#
}
