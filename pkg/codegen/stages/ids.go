package stages

// Stage IDs, as --debug-stage and the stage lines of gen print them.
const (
	IndexSpecs            = "index-specs"
	LoadSpecs             = "load-specs"
	DiscoverResources     = "discover-resources"
	BuildTypes            = "build-types"
	ApplyConfig           = "apply-config"
	SplitSpecStatus       = "split-spec-status"
	AddResourceProperties = "add-resource-properties"
	AddExportedValues     = "add-exported-values"
	BreakCycles           = "break-cycles"
	PruneUnused           = "prune-unused"
	CreateStorageTypes    = "create-storage-types"
	CreateARMTypes        = "create-arm-types"
	CreateConversionGraph = "create-conversion-graph"
	PlanConversions       = "plan-conversions"
	CheckNames            = "check-names"
	AuditProperties       = "audit-properties"
	EmitGo                = "emit-go"
	EmitCRDs              = "emit-crds"
	EmitRBAC              = "emit-rbac"
	EmitDocs              = "emit-docs"
	CheckConfigConsumed   = "check-config-consumed"
)
