package astmodel

import "fmt"

// Scope says where in the ARM hierarchy a resource lives, which decides its owner.
type Scope string

// Scopes, named as genruntime.ResourceScope values.
const (
	ScopeResourceGroup   Scope = "resourcegroup"
	ScopeSubscription    Scope = "subscription"
	ScopeTenant          Scope = "tenant"
	ScopeManagementGroup Scope = "managementgroup"
	ScopeExtension       Scope = "extension"
)

// ResourceType is a Kubernetes resource backed by an ARM resource.
type ResourceType struct {
	// Spec and Status name the object types of the two halves.
	Spec   TypeName
	Status TypeName
	// ARMType is the ARM resource type (Microsoft.Network/virtualNetworks/subnets).
	ARMType string
	// APIVersion is the ARM api-version (2020-11-01).
	APIVersion string
	Scope      Scope
	// OwnerGroup and OwnerKind name the Kubernetes kind that owns the resource; empty when the
	// resource has no owner (subscription and tenant scope) or may have any (extension).
	OwnerGroup string
	OwnerKind  string
	// ARMURI is the PUT path template.
	ARMURI string
	// SourceFile is the swagger file (relative to the spec root) the resource came from.
	SourceFile string
	// FixedAzureName is the only allowed name of a singleton resource (default), else empty.
	FixedAzureName string
	// IsStorageVersion marks the version the API server stores.
	IsStorageVersion bool
	// AzureGeneratedSecrets are the values spec.operatorSpec.secrets can export, and
	// GeneratedConfigs those spec.operatorSpec.configMaps can, in config order.
	AzureGeneratedSecrets, GeneratedConfigs []ExportedValue
	// DefaultAzureName is how azureName defaults when it is empty: "" for metadata.name, or
	// DefaultAzureNameUUID.
	DefaultAzureName string
	// NoDelete says the swagger declares no DELETE for the type: Azure answers one with 405,
	// and the resource goes only with its parent (a storage account's blobServices/default).
	NoDelete bool
	// NotImportable says the import command refuses the kind ($importable: false).
	NotImportable bool
}

// DefaultAzureNameUUID makes azureName default to a stable UUID of the object's name,
// namespace, kind and owner, as Azure Service Operator names role assignments.
const DefaultAzureNameUUID = "uuid"

// ExportedValue is a value of a resource that the operator can write to a Secret or ConfigMap:
// its name under spec.operatorSpec.secrets (or configMaps) and where the operator reads it, the
// POST action whose response holds it ("" for the resource's GET response) and its path there,
// by wire names ([n] for an item of a list), as genruntime.ExportedValue has them.
type ExportedValue struct {
	Name, Action, Path string
	// Bytes says the value is bytes the wire carries in base64 (format: byte, such as a
	// cluster's kubeconfig): what is exported is the bytes.
	Bytes bool
}

func (v ExportedValue) String() string {
	s := v.Name + " <- " + v.Path
	if v.Action != "" {
		s = v.Name + " <- " + v.Action + ":" + v.Path
	}
	if v.Bytes {
		s += " (base64 bytes)"
	}
	return s
}

func (*ResourceType) isType() {}

func (r *ResourceType) String() string {
	return fmt.Sprintf("resource %s@%s {spec: %s; status: %s; scope: %s}", r.ARMType, r.APIVersion, r.Spec.Name, r.Status.Name, r.Scope)
}

// With returns a copy that can be changed.
func (r *ResourceType) With() *ResourceType {
	c := *r
	return &c
}
