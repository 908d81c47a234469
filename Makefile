# armgen: generate Kubernetes APIs for Azure resources from ARM swagger.
#
# The spec root (the specification folder of azure-rest-api-specs) comes from ARMGEN_SPEC_ROOT
# when set, else from specRoot in azure-arm.yaml (specs/azure-rest-api-specs/specification,
# which `make specs` fills).

GO ?= go
SPECS_REPO ?= https://github.com/Azure/azure-rest-api-specs
export ARMGEN_SPEC_ROOT

.DEFAULT_GOAL := help

.PHONY: help
help: ## Show this help
	@awk 'BEGIN {FS = ":.*## "} /^[a-zA-Z_-]+:.*## / {printf "  %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

.PHONY: generate
generate: ## Regenerate generated/ from azure-arm.yaml
	$(GO) run ./cmd/gen

.PHONY: test
test: ## Vet and run every test (golden, CRD validation, generated packages)
	$(GO) vet ./...
	$(GO) test ./...

.PHONY: check-generated
check-generated: ## Fail when generated/ differs from a fresh generation
	$(GO) run ./cmd/gen -q
	@git diff --exit-code --stat -- generated/ && test -z "$$(git status --porcelain -- generated/)" \
		|| { echo "generated/ is stale: run 'make generate' and commit the result"; git status --short -- generated/ | head -20; exit 1; }

.PHONY: golden
golden: ## Rewrite golden files after an intended output change (review the diff)
	$(GO) test ./pkg/codegen ./pkg/codegen/emit/... -update

.PHONY: bench
bench: ## Time a full generation of the configured set, with peak memory
	$(GO) test -run '^$$' -bench Generate -benchtime 5x ./pkg/codegen

.PHONY: specs
specs: ## Clone the upstream ARM specs into specs/azure-rest-api-specs (needs network)
	@test -d specs/azure-rest-api-specs || git clone --depth 1 $(SPECS_REPO) specs/azure-rest-api-specs
