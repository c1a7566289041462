# The two commands of the README: `make run` starts everything, `make test` runs every test (and every
# benchmark scenario at a small size, so the benchmark cannot rot, and a one-minute chaos run). Both install the missing Debian packages first.

SWIFT ?= swift
# The end-to-end tests that run `swift build` on a package of their own, or install into a virtual environment,
# and the upgrade walkthrough, whose broker switches are timed: each runs with nothing else beside it.
PACKAGE_BUILDS = EndToEnd/(Scaffold/|HelloWorker/|PythonWorkerTests/|Failover/anUpgradeWithJobsWaitingLosesNothing)

.PHONY: deps build run test docs release compose-check clean format

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build --product interlude

run: build
	$(SWIFT) run interlude up

test: deps
	INTERLUDE_WITH_TEST_TOOLS=1 bash scripts/install-deps.sh
# The checked-in .swift-format: the code reads one way, whoever wrote it.
	$(SWIFT) format lint --strict --parallel --recursive Package.swift Sources Tests Examples Fuzz
	$(SWIFT) build --build-tests
# Every public symbol of the SDK documented, read from the modules the build above compiled, and its DocC reference built (warnings as errors).
	bash scripts/reference-docs --convert
# Warnings as errors in every module of the example, the SDK's included: a user's first build prints none.
	$(SWIFT) build --package-path Examples/HelloWorker --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --package-path Examples/HelloWorker --skip-build
	INTERLUDE_TOKENS=check:check:read INTERLUDE_POSTGRES_PASSWORD=check docker-compose -f docker-compose.yml -f docker-compose.postgres.yml config --quiet
	bash scripts/verify-units.sh "$$($(SWIFT) build --show-bin-path)/interlude"
# The Dockerfile's runtime stage without Docker: its packages in a debootstrapped root, the release binary, a job answered in a chroot (as root; cached in .build).
	SWIFT=$(SWIFT) bash scripts/check-runtime-image
	$(SWIFT) test --skip-build --skip '$(PACKAGE_BUILDS)'
# These build whole packages (the scaffold, the example) or switch brokers on a clock: on their own, so they starve no timed test and none starves them.
	$(SWIFT) test --skip-build --filter '$(PACKAGE_BUILDS)'
	for target in wire presentation jsonReader webhookSignature httpRequest; do bash scripts/fuzz $$target 30 || exit 1; done
	python3 scripts/chaos --seconds 60 --seed 1 --binary "$$($(SWIFT) build --show-bin-path)/interlude"
	bash benchmarks/run.sh --small --json --binary "$$($(SWIFT) build --show-bin-path)/interlude" | python3 benchmarks/check_report.py

# The SDK's reference (WorkerKit, WorkerKitTesting, WorkerRuntime) as DocC archives in .build/docs.
docs: deps
	$(SWIFT) build
	bash scripts/reference-docs --convert

# Built as the Dockerfile builds it (the Swift runtime linked in), into the .build/release the runtime check uses.
release: deps
	$(SWIFT) build -c release --product interlude --static-swift-stdlib -Xswiftc -cross-module-optimization

# Rewrites the Swift files the way the lint in `make test` wants them.
format:
	$(SWIFT) format format --in-place --parallel --recursive Package.swift Sources Tests Examples Fuzz

clean:
	rm -rf .build
