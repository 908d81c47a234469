package genruntime

import (
	"errors"
	"fmt"
	"strings"
)

// ResourceReference: A reference to a resource, either in Kubernetes by group, kind and name, or in Azure by ARM ID.
type ResourceReference struct {
	// Group: The API group of the referenced Kubernetes resource.
	Group string `json:"group,omitempty"`

	// Kind: The kind of the referenced Kubernetes resource.
	Kind string `json:"kind,omitempty"`

	// Name: The name of the referenced Kubernetes resource, in the same namespace.
	Name string `json:"name,omitempty"`

	// ARMID: The ARM ID of a resource not managed by the operator.
	// +kubebuilder:validation:Pattern="(?i)^/subscriptions/[^/]+(/resourcegroups/[^/]+)?(/providers/.+)?$"
	ARMID string `json:"armId,omitempty"`
}

// IsDirectARMReference reports whether ref names an Azure resource by ARM ID alone.
func (ref ResourceReference) IsDirectARMReference() bool {
	return ref.ARMID != "" && ref.Group == "" && ref.Kind == "" && ref.Name == ""
}

// IsKubernetesReference reports whether ref names a Kubernetes resource by group, kind and name alone.
func (ref ResourceReference) IsKubernetesReference() bool {
	return ref.ARMID == "" && ref.Group != "" && ref.Kind != "" && ref.Name != ""
}

// Validate returns an error unless ref is exactly one of a well formed ARM reference or a complete Kubernetes reference.
// A half-filled reference is rejected rather than guessed at, because resolving it the wrong way would act on the wrong Azure resource.
func (ref ResourceReference) Validate() error {
	missing := ref.missingKubernetesFields()
	anyKubernetes := len(missing) < 3

	switch {
	case ref.ARMID != "" && anyKubernetes:
		return fmt.Errorf("resource reference %s sets both armId and group/kind/name; set only one of them", ref)
	case ref.ARMID != "":
		if !armIDPattern.MatchString(ref.ARMID) {
			return fmt.Errorf("resource reference armId %q is not an ARM ID; expected /subscriptions/{id}[/resourceGroups/{name}][/providers/...]", ref.ARMID)
		}
		// The pattern lets through what would move the request elsewhere (.. segments).
		if _, err := ParseARMID(ref.ARMID); err != nil {
			return err
		}
		return nil
	case !anyKubernetes:
		return errors.New("resource reference is empty; set either armId or group, kind and name")
	case len(missing) > 0:
		return fmt.Errorf("resource reference %s is missing %s", ref, strings.Join(missing, ", "))
	default:
		return nil
	}
}

// String formats ref as its ARM ID, or as kind.group/name in the style kubectl accepts.
func (ref ResourceReference) String() string {
	if ref.IsDirectARMReference() {
		return ref.ARMID
	}

	var b strings.Builder
	b.WriteString(ref.Kind)
	if ref.Group != "" {
		b.WriteString(".")
		b.WriteString(ref.Group)
	}
	b.WriteString("/")
	b.WriteString(ref.Name)

	// An invalid reference may carry both forms; show both so error messages point at the mistake.
	if ref.ARMID != "" {
		b.WriteString(" (armId ")
		b.WriteString(ref.ARMID)
		b.WriteString(")")
	}

	return b.String()
}

func (ref ResourceReference) missingKubernetesFields() []string {
	var missing []string
	if ref.Group == "" {
		missing = append(missing, "group")
	}
	if ref.Kind == "" {
		missing = append(missing, "kind")
	}
	if ref.Name == "" {
		missing = append(missing, "name")
	}

	return missing
}
