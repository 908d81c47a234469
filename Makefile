# armgen: generate Kubernetes APIs for Azure resources from ARM swagger.
#
# The spec root (the specification folder of azure-rest-api-specs) comes from ARMGEN_SPEC_ROOT
# when set, else from specRoot in azure-arm.yaml (specs/azure-rest-api-specs/specification,
# which `make specs` fills with the commit azure-arm.yaml pins; `make generate` does it first
# when needed). ARMGEN_SPECS_REPO fetches that commit from a mirror instead of specRepository.

GO ?= go
# VERSION is what `make build` stamps into every binary's --version (internal/version).
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
export ARMGEN_SPEC_ROOT ARMGEN_SPECS_REPO

.DEFAULT_GOAL := help

.PHONY: help
help: ## Show this help
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z0-9_-]+:.*## / {printf "  %-20s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: generate
generate: ## Regenerate generated/ and docs/resources* from azure-arm.yaml, type-checked before writing (fetches the pinned specs first if there are none)
	@$(GO) run ./cmd/gen specs fetch -q
	$(GO) run ./cmd/gen --compile-check

# Tests that need the real swagger (internal/testspecs) find the spec root as `make generate` does:
# ARMGEN_SPEC_ROOT, else specRoot in azure-arm.yaml. Without one they skip, and `make test` says
# once which they are; under CI=true they fail instead. TESTFLAGS go to every `go test` (.ci/run
# passes -v to see skips).
TESTFLAGS ?=
SPEC_ROOT := $(or $(ARMGEN_SPEC_ROOT),$(CURDIR)/$(shell sed -n 's/^specRoot: *//p' azure-arm.yaml))

# The generated packages' property tests (JSON, conversion and ARM round trips and ARM payload
# checks of every type) draw PROPERTY_CHECKS random values per property in make test, rapid's
# RAPID_CHECKS; they check the same properties as in make test-properties, which draws rapid's
# full 100. E2E_TIMEOUT bounds the end-to-end module, whose sample test grows with the samples.
MODULE := github.com/armgen/armgen
PROPERTY_CHECKS ?= 20
FULL_PROPERTY_CHECKS ?= 100
E2E_TIMEOUT ?= 45m
# UNIT_TIMEOUT bounds each main-module test package: pkg/codegen generates the whole corpus several
# times and takes minutes on a busy 2-core machine, past go test's default of 10.
UNIT_TIMEOUT ?= 30m

.PHONY: test
test: spec-root-note test-vet test-unit test-generated test-e2e ## Vet and run every test (golden, CRD validation, generated packages with PROPERTY_CHECKS=20 random values per property, the reconciler's model test at its fixed seed and budget), then the end-to-end module

# The parts of make test, in its order; .ci/run times each. Vet runs once over every package with
# all of vet's checks, and go test then runs with -vet=off: go test's own vet would type-check
# every package and its dependencies a second time for a subset of the same checks.
.PHONY: test-vet test-unit test-generated test-e2e
test-vet: ## make test's first part: go vet over every package of both modules, generated ones included
	$(GO) vet ./...
	cd test/e2e && $(GO) vet ./...
test-unit: ## make test's second part: the main module's tests outside generated/
	$(GO) test -vet=off -timeout $(UNIT_TIMEOUT) $(TESTFLAGS) $$($(GO) list ./... | grep -v '^$(MODULE)/generated/')
test-generated: ## make test's third part: the generated packages' tests at PROPERTY_CHECKS
	RAPID_CHECKS=$(PROPERTY_CHECKS) $(GO) test -vet=off -timeout $(UNIT_TIMEOUT) $(TESTFLAGS) ./generated/...
test-e2e: ## make test's last part: the end-to-end module (real API servers, the operator, Helm)
	cd test/e2e && $(GO) test -vet=off -timeout $(E2E_TIMEOUT) $(TESTFLAGS) ./...

.PHONY: test-properties
test-properties: ## Run the generated packages' property tests in full: FULL_PROPERTY_CHECKS (rapid's 100) random values per property
	RAPID_CHECKS=$(FULL_PROPERTY_CHECKS) $(GO) test -vet=off -count=1 $(TESTFLAGS) ./generated/...

.PHONY: spec-root-note
spec-root-note:
	@test -d "$(SPEC_ROOT)" || { \
		pkgs=$$(grep -rlE --include='*_test.go' 'testspecs\.(Root|Optional)|corpusRoot\(|newEnv\(|start\(t,' cmd internal pkg test | xargs -n1 dirname | sort -u | tr '\n' ' '); \
		gen=$$(grep -rl --include='*_test.go' 'gentest.RunARMPayloadCheck' generated | xargs -n1 dirname | sort -u | wc -l); \
		echo "note: no spec root at $(SPEC_ROOT): the tests that need the ARM specs will skip$${CI:+ (CI=true: fail)}:"; \
		echo "  in $$pkgs"; \
		echo "  and the ARM payload checks of $$gen generated packages."; \
		echo "  To run them: set ARMGEN_SPEC_ROOT to the specification folder of azure-rest-api-specs, or run 'make specs'."; \
	}

# The reconciler's model-based test (internal/reconciler/model_test.go) runs in make test with a
# fixed seed and a small budget; this runs it longer. SEED (default: the time), CHECKS and STEPS
# vary it; a failure prints the seed and the shortest sequence rapid found.
CHECKS ?= 200
STEPS ?= 60
SEED ?= $(shell date +%s)

.PHONY: fuzz-operator
fuzz-operator: ## Run the reconciler's model-based test longer: CHECKS sequences (200) of about STEPS actions (60) from SEED (the time)
	@root="$(SPEC_ROOT)"; test -d "$$root" || { echo "no spec root at $$root: set ARMGEN_SPEC_ROOT or run 'make specs'"; exit 1; }; \
		log=$$(mktemp); ARMGEN_SPEC_ROOT="$$root" $(GO) test ./internal/reconciler -run '^TestReconcilerModel$$' -count=1 -v -timeout 60m \
		-rapid.seed=$(SEED) -rapid.checks=$(CHECKS) -rapid.steps=$(STEPS) -rapid.shrinktime=2m > $$log 2>&1; rc=$$?; \
		grep -vE '^=== ' $$log | tail -150; rm -f $$log; exit $$rc

.PHONY: test-armfake
test-armfake: ## Test the ARM emulator alone (with the corpus when ARMGEN_SPEC_ROOT is set) and benchmark it through the SDK
	$(GO) vet ./pkg/armfake/... ./cmd/armfake/...
	$(GO) test ./pkg/armfake/... ./cmd/armfake/...
	$(GO) test ./pkg/armfake -run '^$$' -bench SDKPutGet -benchtime 3s

.PHONY: check-generated check-generated-tree
check-generated: check-generated-tree ## Fail when generated/ or docs/resources* differ from a fresh generation, or config/ from the chart (prints the diff)
	$(GO) test ./internal/helmchart -count=1

# Two generations of the configured set: a check with one thread (the output may not depend on
# scheduling) and a real regenerate with all of them through the write path, which git must then
# find unchanged (so that one is also the check at the default GOMAXPROCS). make test runs the
# internal/helmchart test that check-generated adds, so .ci/run needs only this part.
check-generated-tree: ## check-generated without its chart test: generated/ and docs/resources* against a fresh generation
	GOMAXPROCS=1 $(GO) run ./cmd/gen check
	$(GO) run ./cmd/gen -q
	@git diff --exit-code --stat -- generated docs && test -z "$$(git status --porcelain -- generated docs)" \
		|| { echo "regenerating changed the tree: run 'make generate' and commit"; git status --short -- generated docs | head; exit 1; }

.PHONY: build
build: ## Build gen, controller, armfake and armctl into bin/, their --version VERSION (default: git describe)
	$(GO) build -ldflags "-X github.com/armgen/armgen/internal/version.version=$(VERSION)" -o bin/ ./cmd/gen ./cmd/controller ./cmd/armfake ./cmd/armctl

.PHONY: clean-crds
clean-crds: ## After an operator upgrade: drop API versions no longer served from its CRDs' storedVersions (DRY_RUN=1 to only look; docs/operator.md)
	$(GO) run ./cmd/armctl clean crds $(if $(DRY_RUN),--dry-run)

# The chart charts/armgen is the one source of the install YAML: config/ is it rendered, its
# ClusterRole is generated/rbac/role.yaml, docs/helm.md lists its values.yaml.
.PHONY: manifests
manifests: ## Render config/ from the Helm chart, copy the generated ClusterRole into it and list its values in docs/helm.md
	@# The role first: the chart is embedded in the test binary, so the render needs a second build.
	$(GO) test ./internal/helmchart -run 'TestChartRoleIsTheGeneratedRole' -count=1 -update
	$(GO) test ./internal/helmchart -count=1 -update

.PHONY: list
list: ## List the resources the spec root offers (GROUP=network to narrow it)
	$(GO) run ./cmd/gen list $(if $(GROUP),--group $(GROUP))

.PHONY: import
import: ## Write YAML adopting existing Azure resources: make import ID='<ARM ID>...' [OUT=file] [NS=namespace] (docs/import.md)
	@test -n "$(ID)" || { echo "usage: make import ID='<ARM ID>...' [OUT=file] [NS=namespace]"; exit 2; }
	$(GO) run ./cmd/armctl import azure-resource $(ID) $(if $(OUT),-o $(OUT)) $(if $(NS),--namespace $(NS))

.PHONY: golden
golden: ## Rewrite golden files after an intended output change (review the diff)
	$(GO) test ./pkg/codegen/... -update

# Benchmark output lives in its own module, so ./... of this one never includes it.
BENCH_OUT := bench-out
BENCH_PKG := github.com/armgen/armgen-bench

.PHONY: bench-module
bench-module:
	@mkdir -p $(BENCH_OUT)
	@printf 'module $(BENCH_PKG)\n\ngo 1.26.8\n\nrequire github.com/armgen/armgen v0.0.0\n\nreplace github.com/armgen/armgen => ../\n' > $(BENCH_OUT)/go.mod
	@cp go.sum $(BENCH_OUT)/go.sum
	$(GO) build -o $(BENCH_OUT)/gen ./cmd/gen

# bench's figures are the whole gen process as a user waits for it (start to exit, measured by the
# kernel's accounting of the child: internal/procbench), the median of BENCH_RUNS runs; the first
# run also prints gen's own per-stage times.
BENCH_RUNS ?= 3

.PHONY: bench
bench: bench-module ## Time generation of the configured set and of the whole corpus: whole process wall, CPU and peak memory (median of BENCH_RUNS=3), per stage
	$(GO) test -run '^$$' -bench Generate -benchtime 5x ./pkg/codegen
	$(GO) test -run '^$$' -bench . -benchtime 20x ./pkg/codegen/emit/yamlenc
	$(GO) build -o $(BENCH_OUT)/procbench ./internal/procbench
	@echo "== configured set (azure-arm.yaml)"
	$(BENCH_OUT)/procbench -runs $(BENCH_RUNS) -label "configured set" -- $(BENCH_OUT)/gen --out $(BENCH_OUT)/starter --package $(BENCH_PKG)/starter
	@echo "== whole corpus (--all)"
	$(BENCH_OUT)/procbench -runs $(BENCH_RUNS) -label "whole corpus" -- $(BENCH_OUT)/gen --all --out $(BENCH_OUT)/all --package $(BENCH_PKG)/all

.PHONY: bench-build
bench-build: bench-module ## Generate the whole corpus, then time building it and validate every CRD
	$(BENCH_OUT)/gen --all --out $(BENCH_OUT)/all --package $(BENCH_PKG)/all
	@cd $(BENCH_OUT) && start=$$(date +%s) && GOFLAGS=-mod=mod $(GO) build ./all/... && echo "built the whole corpus in $$(( $$(date +%s) - start ))s"
	@ARMGEN_CRD_DIR=$(CURDIR)/$(BENCH_OUT)/all/crds $(GO) test ./test/generated -run 'TestCRDsPassAPIServerChecks' -count=1 > $(BENCH_OUT)/crds.log 2>&1; \
		rc=$$?; tail -3 $(BENCH_OUT)/crds.log; exit $$rc

# The audit's rows go to $(BENCH_OUT)/audit.tsv, its summary and any lost property to stderr.
.PHONY: audit
audit: bench-module ## Account for every swagger property of the whole corpus (spec, status, renamed, excluded by a rule); fails on any lost (docs/audit.md)
	$(BENCH_OUT)/gen --all --out $(BENCH_OUT)/audit --package $(BENCH_PKG)/all --audit -q > $(BENCH_OUT)/audit.tsv

# The Go files are printed directly (pkg/codegen/emit/dstfmt); --go-printer prints them through
# dst's restorer and go/printer, the reference. Both must give the same bytes for the whole corpus.
.PHONY: bench-printer
bench-printer: bench-module ## Generate the whole corpus with the direct printer and with go/printer: both times, then diff -r (must be empty)
	@rm -rf $(BENCH_OUT)/printer-direct $(BENCH_OUT)/printer-go
	@start=$$(date +%s%N); $(BENCH_OUT)/gen --all --out $(BENCH_OUT)/printer-direct --package $(BENCH_PKG)/all -q || exit 1; \
		mid=$$(date +%s%N); $(BENCH_OUT)/gen --all --out $(BENCH_OUT)/printer-go --package $(BENCH_PKG)/all -q --go-printer || exit 1; \
		end=$$(date +%s%N); echo "direct printer $$(( (mid - start) / 1000000 )) ms, go/printer $$(( (end - mid) / 1000000 )) ms"
	@diff -r $(BENCH_OUT)/printer-direct $(BENCH_OUT)/printer-go > $(BENCH_OUT)/printer.diff; rc=$$?; \
		if [ $$rc -eq 0 ]; then echo "same bytes in every file"; else head -40 $(BENCH_OUT)/printer.diff; fi; exit $$rc

# The payload check samples: the newest API version of each group (GROUPS="network storage" narrows
# it), whose tests are named Test_<version>_... in the group's one test package. It reads the
# output bench-build wrote.
.PHONY: bench-payloads
bench-payloads: ## Check the ARM payloads of the whole-corpus output (after bench-build) against the swagger: the newest version of each group, or GROUPS
	@test -d $(BENCH_OUT)/all || { echo "no whole-corpus output in $(BENCH_OUT)/all: run 'make bench-build' first"; exit 1; }
	@cd $(BENCH_OUT) && newest=$$(for g in $(if $(GROUPS),$(addprefix all/,$(addsuffix /,$(GROUPS))),all/*/); do v=$$(ls -d $$g*/ 2>/dev/null | grep /v1api | tail -1); [ -n "$$v" ] && echo ./$${g%/} $$(basename $$v); done) \
		&& pkgs=$$(echo "$$newest" | cut -d' ' -f1) && versions=$$(echo "$$newest" | cut -d' ' -f2 | sort -u | paste -sd'|') \
		&& start=$$(date +%s) && GOFLAGS=-mod=mod $(GO) test -run "^Test_($$versions)_.*_ARMPayloadMatchesSwagger$$" $$pkgs > payload.log 2>&1; \
		rc=$$?; grep -v '^ok' payload.log; echo "checked the newest version of $$(echo $$pkgs | wc -w) groups in $$(( $$(date +%s) - start ))s"; exit $$rc

# The operator's benchmark runs in the end-to-end module (a kube-apiserver in process) against
# armfake, which needs the swagger: ARMGEN_SPEC_ROOT, else the pinned specs `make specs` fetches.
# ARMGEN_BENCH_RESOURCES, ARMGEN_BENCH_CONCURRENCY (a comma list runs each) and
# ARMGEN_BENCH_WAIT_DELAY vary it; ARMGEN_BENCH_LOG=FILE keeps the operator's log and
# ARMGEN_BENCH_HEAPPROFILE=FILE writes the heap once all is Ready, ARMGEN_BENCH_CPUPROFILE=FILE
# profiles the API server's process until then. The test's -timeout grows with the fleet: 30
# minutes plus twice the bench's wait (bench.ReadyTimeout: 15 minutes plus 0.24 s a resource);
# while waiting it prints a progress line a minute, ready_at_10min=N/TOTAL and all_ready_s=S,
# and a wait cut off lists what is not Ready by kind and reason.
.PHONY: bench-operator
bench-operator: ## Reconcile 1,000 resources (ARMGEN_BENCH_RESOURCES) of 30 kinds copied from samples/ with cmd/controller against armfake and a local API server: seconds to Ready, CPU, ARM requests, API writes and conversion webhook calls per resource, the controller's peak memory, PUTs at an unchanged resync; ARMGEN_BENCH_CONTROLLER_CPUPROFILE=PREFIX writes the controller's CPU profile until all Ready (PREFIX.N.pprof, merged by go tool pprof)
	@root="$${ARMGEN_SPEC_ROOT:-$(CURDIR)/specs/azure-rest-api-specs/specification}"; \
		test -d "$$root" || { echo "no spec root at $$root: set ARMGEN_SPEC_ROOT or run 'make specs'"; exit 1; }; \
		n=$${ARMGEN_BENCH_RESOURCES:-1000}; \
		timeout=$$(( 30 + 2 * (15 * 60 + n * 240 / 1000) / 60 ))m; \
		echo "bench-operator: $$n resources, test timeout $$timeout"; \
		cd test/e2e && ARMGEN_SPEC_ROOT="$$root" $(GO) test ./bench -run '^$$' -bench Operator -benchtime 1x -timeout $$timeout

# The API server's cost of the generated CRDs: it runs in the end-to-end module's in-process
# kube-apiserver and etcd. ARMGEN_CRD_DIR measures other CRDs; ALL=1 the whole corpus's (the
# output `make bench-build` writes to bench-out/all, generated first when missing). The full
# report goes to bench-out/apiserver.txt; the last line printed is its summary,
# crds=N rss_per_crd_mib=X heap_per_crd_mib=Y (after the OpenAPI reads; the report also has a
# row after a list of every kind, what a running operator adds). ARMGEN_CRD_HEAPPROFILES=DIR
# writes the live heap at each reading (empty.pprof, established.pprof, openapi.pprof,
# listed.pprof) for `go tool pprof -top -diff_base`.
BENCH_CRD_DIR = $(if $(ALL),$(CURDIR)/$(BENCH_OUT)/all/crds,$(if $(ARMGEN_CRD_DIR),$(abspath $(ARMGEN_CRD_DIR))))
.PHONY: bench-apiserver
bench-apiserver: ## Install every CRD of generated/crds (ARMGEN_CRD_DIR=DIR, or ALL=1: the whole corpus) in a local API server: per CRD and in all, heap and RSS added, time to Established, first /openapi/v2 and v3, ratios to the empty server
	@if [ -n "$(ALL)" ] && [ ! -d $(BENCH_OUT)/all/crds ]; then \
		$(MAKE) bench-module && $(BENCH_OUT)/gen --all --out $(BENCH_OUT)/all --package $(BENCH_PKG)/all -q || exit 1; fi
	@mkdir -p $(BENCH_OUT)
	@cd test/e2e && $(if $(BENCH_CRD_DIR),ARMGEN_CRD_DIR=$(BENCH_CRD_DIR)) $(GO) test ./bench -run '^$$' -bench CRDInstall -benchtime 1x -timeout 60m \
		> $(CURDIR)/$(BENCH_OUT)/apiserver.txt 2>&1; rc=$$?; cat $(CURDIR)/$(BENCH_OUT)/apiserver.txt; \
		test $$rc -eq 0 || exit $$rc; grep '^crds=' $(CURDIR)/$(BENCH_OUT)/apiserver.txt | tail -1

# bench-crds is bench-apiserver's former name.
.PHONY: bench-crds
bench-crds: bench-apiserver

.PHONY: sweep
sweep: ## Run the corpus sweep, the interrupt test over the whole corpus (make test: the configured set) and 60 s of each fuzz target
	$(GO) test ./pkg/codegen -run 'TestCorpusSweep|TestInterrupt' -count=1 -v -args -interrupt.all
	$(GO) test ./pkg/codegen/loader -run '^$$' -fuzz FuzzLoader -fuzztime 60s
	$(GO) test ./pkg/codegen/config -run '^$$' -fuzz FuzzParse -fuzztime 60s

.PHONY: specs
specs: ## Fetch the ARM specs at the commit azure-arm.yaml pins into specs/azure-rest-api-specs (needs network and git)
	$(GO) run ./cmd/gen specs fetch
