// Package config reads azure-arm.yaml, the file that tells the generator
// which Azure resources to turn into Kubernetes APIs and how to adjust them.
//
// The file is read through the yaml.v3 node API rather than by unmarshalling
// into structs: API versions such as 2020-06-01 must stay exactly as written
// (a struct decoder would see timestamps), and every problem must be reported
// with a line, a column and the config path that leads to it.
package config

// Defaults for settings most configs leave out. They match the layout of this
// repository so that a config at the repository root needs no boilerplate.
const (
	DefaultOutputPath    = "generated"
	DefaultOutputPackage = "github.com/armgen/armgen/generated"
)

// Position is a 1-based line and column in the config file. Zero means
// unknown, which only happens for errors that are not about the content
// (such as a file that cannot be read).
type Position struct {
	Line, Column int
}

// Config is a parsed azure-arm.yaml.
type Config struct {
	File string // path given to Load (or the name given to Parse), used in errors
	Dir  string // directory of File; relative paths in the file are relative to it

	// Paths are kept as written so messages can quote the user's own text;
	// use ResolvePath to get something usable from the working directory.
	SpecRoot      string // "" if absent
	OutputPath    string // DefaultOutputPath if absent
	OutputPackage string // Go import path of OutputPath; DefaultOutputPackage if absent
	DocsPath      string // folder for the generated resource pages; "" (absent) writes none

	// The azure-rest-api-specs snapshot the committed output is made from: what
	// `gen specs fetch` checks out, and what a spec root at another commit is
	// warned against. "" if absent, which pins nothing and warns about nothing.
	SpecRepository string
	SpecCommit     string // 40 lower-case hex digits when set

	TypeFilters []*TypeFilter  // in file order: what a filter means can depend on those before it
	Groups      []*GroupConfig // sorted by Name

	// settings records every $-setting seen, so that a later stage can report
	// the ones nothing consumed. It cannot be rebuilt from the fields above:
	// "$export: false" looks the same as no setting at all.
	settings []Setting
}

// TypeFilter includes or prunes the types whose group, version and name match
// the globs (path.Match syntax). A glob left out is "" and matches anything.
type TypeFilter struct {
	Action  string // "include" or "prune"
	Group   string
	Version string
	Name    string
	Because string // required for prune, so pruned APIs never vanish silently

	Path string // e.g. typeFilters[2]
	Pos  Position
}

// GroupConfig holds the settings for one API group, named by its short name
// (network for network.azure.com).
type GroupConfig struct {
	Name     string
	Versions []*VersionConfig // sorted by APIVersion

	Path string
	Pos  Position // of the key
}

// VersionConfig holds the settings for one ARM API version of a group.
type VersionConfig struct {
	APIVersion string        // as written, e.g. 2020-06-01-preview
	Types      []*TypeConfig // sorted by Name

	Path string
	Pos  Position // of the key
}

// TypeConfig holds the settings for one type of an API version.
type TypeConfig struct {
	Name     string
	Export   bool
	ExportAs string
	RenameTo string
	// AzureGeneratedSecrets are the values spec.operatorSpec.secrets may export, in file order.
	AzureGeneratedSecrets []ExportedValue
	// GeneratedConfigs are the values spec.operatorSpec.configMaps may export, in file order.
	GeneratedConfigs []ExportedValue
	// DefaultAzureName is how azureName defaults when empty: "" (metadata.name) or "uuid".
	DefaultAzureName string
	IsHub            bool
	// Scope is the scope whose declaration of the ARM type is exported ($scope): one of
	// Scopes, or "" for the one discovery prefers.
	Scope string
	// KeptInParent, on a child resource exported as a kind, says its parent's body still keeps
	// these children whole (ASO's $resourceEmbeddedInParent on a load balancer's inbound NAT
	// rules), instead of reducing them to their IDs as it does a kind's children.
	KeptInParent bool
	// NotImportable ($importable: false) says `armctl import azure-resource` refuses the kind,
	// as ASO's asoctl refuses a kind its configuration marks so.
	NotImportable bool
	Properties    []*PropertyConfig // sorted by Name

	Path string
	Pos  Position // of the key
}

// PropertyConfig holds the settings for one property of a type, named as in
// the swagger.
type PropertyConfig struct {
	Name string
	// IsSecret makes the property a secret ($importSecretMode: required, or the older
	// $isSecret: true); NotSecret keeps it a plain value against the swagger's x-ms-secret and
	// the password-like name rule ($importSecretMode: never, or $isSecret: false), as ASO does.
	IsSecret      bool
	NotSecret     bool
	ReferenceType string // "", "arm", "arm+wellknown" or "simple"
	RenameTo      string
	RenamedFrom   string // the property's name in other API versions, for conversions
	// Flatten, when set, overrides the swagger's x-ms-client-flatten for the property.
	Flatten *bool
	// ImportConfigMapMode is "", "optional" or "required" ($importConfigMapMode).
	ImportConfigMapMode string
	// AdditionalEnumValues are values the property's enum accepts beyond the swagger's
	// ($additionalEnumValues), in file order: the operator translates them before the PUT.
	AdditionalEnumValues []string
	// EnumAsString makes the property's enum a plain string ($enumAsString), as ASO's
	// typeTransformers do where a swagger enum is incomplete.
	EnumAsString bool
	// RemoveFromSpec, when set, says why the property leaves the spec ($removeFromSpec: why):
	// Azure sets it though the swagger does not mark it read-only, as ASO's typeTransformers
	// with remove: true say. The status keeps what Azure reports.
	RemoveFromSpec string

	Path string
	Pos  Position // of the key
}

// Setting is one $-setting present in the file.
type Setting struct {
	Path string // e.g. objectModelConfiguration.network.2020-11-01.VirtualNetwork.$export
	Pos  Position
}
