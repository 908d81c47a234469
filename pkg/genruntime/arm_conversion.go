package genruntime

import (
	"fmt"
	"strings"
)

// ConvertToARMResolvedDetails is what a spec needs from the cluster to become an ARM payload:
// the resource's Azure name and the values its references, secrets and config-map entries
// resolve to. The reconciler fills it before each PUT; ConvertToARM only looks values up, so the
// conversion stays pure and testable without a cluster.
//
// +kubebuilder:object:generate=false
type ConvertToARMResolvedDetails struct {
	// Name is the resource's name in Azure (spec.azureName, else metadata.name).
	Name string
	// ResolvedReferences maps each reference in the spec to the ARM ID it names.
	ResolvedReferences map[ResourceReference]string
	// ResolvedSecrets maps each secret reference in the spec to the secret's value.
	ResolvedSecrets map[SecretReference]string
	// ResolvedSecretMaps maps each secret map reference in the spec to the Secret's whole data.
	ResolvedSecretMaps map[SecretMapReference]map[string]string
	// ResolvedConfigMaps maps each config-map reference in the spec to its value.
	ResolvedConfigMaps map[ConfigMapReference]string
}

// ARMID returns the ARM ID a reference resolves to. A direct ARM reference needs no lookup; a
// Kubernetes reference missing from the table is an error naming the property, since sending
// an empty ID would change or detach the Azure resource it points at.
func (d ConvertToARMResolvedDetails) ARMID(property string, ref ResourceReference) (string, error) {
	if ref.IsDirectARMReference() {
		return ref.ARMID, nil
	}
	if id, ok := d.ResolvedReferences[ref]; ok {
		return id, nil
	}
	return "", fmt.Errorf("%s: reference %s was not resolved", property, ref)
}

// Secret returns the value of a secret reference; a missing entry is an error naming the
// property and the Secret, never the value.
func (d ConvertToARMResolvedDetails) Secret(property string, ref SecretReference) (string, error) {
	if v, ok := d.ResolvedSecrets[ref]; ok {
		return v, nil
	}
	return "", fmt.Errorf("%s: %s was not resolved", property, ref)
}

// SecretMap returns the data of the Secret a secret map reference names; a missing entry is an
// error naming the property and the Secret, never a key or value.
func (d ConvertToARMResolvedDetails) SecretMap(property string, ref SecretMapReference) (map[string]string, error) {
	if v, ok := d.ResolvedSecretMaps[ref]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("%s: %s was not resolved", property, ref)
}

// ConfigMapValue returns the value of a config-map reference; a missing entry is an error naming
// the property and the ConfigMap.
func (d ConvertToARMResolvedDetails) ConfigMapValue(property string, ref ConfigMapReference) (string, error) {
	if v, ok := d.ResolvedConfigMaps[ref]; ok {
		return v, nil
	}
	return "", fmt.Errorf("%s: %s was not resolved", property, ref)
}

// ToARMConverter is a spec (or a part of one) that can become its ARM wire shape.
//
// +kubebuilder:object:generate=false
type ToARMConverter interface {
	// ConvertToARM returns the ARM payload (a pointer to a type of the version's arm package).
	ConvertToARM(resolved ConvertToARMResolvedDetails) (any, error)
}

// FromARMConverter is a spec or status (or a part of one) that can be filled from its ARM wire
// shape, as a GET returns it.
//
// +kubebuilder:object:generate=false
type FromARMConverter interface {
	// NewEmptyARMValue returns a new, empty value of the ARM type to decode a response into.
	NewEmptyARMValue() any
	// PopulateFromARM fills the receiver from armInput (what NewEmptyARMValue returned, decoded).
	// owner becomes spec.owner; a reference read from ARM becomes an ARM ID reference; a secret
	// cannot be read back and stays empty.
	PopulateFromARM(owner ArbitraryOwnerReference, armInput any) error
}

// ARMTransformer converts both ways.
//
// +kubebuilder:object:generate=false
type ARMTransformer interface {
	ToARMConverter
	FromARMConverter
}

// NameFromARM returns a resource's own name from the name ARM reports, which for a child is the
// whole chain (vnet/subnet): azureName is the last segment.
func NameFromARM(armName string) string {
	if i := strings.LastIndex(armName, "/"); i >= 0 {
		return armName[i+1:]
	}
	return armName
}
