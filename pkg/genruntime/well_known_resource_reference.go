package genruntime

import (
	"errors"
	"fmt"
	"strings"
)

// WellKnownResourceReference: A reference to a resource by Kubernetes group, kind and name, by ARM ID, or by a name Azure knows it by, such as a built-in role's.
type WellKnownResourceReference struct {
	ResourceReference `json:",inline"`

	// WellKnownName: A name Azure knows the resource by, such as a built-in role's name (Reader); set it alone.
	WellKnownName string `json:"wellKnownName,omitempty"`
}

// Validate returns an error unless ref sets exactly one of a well-known name, an ARM ID, or group, kind and name.
// A well-known name beside another form is refused: which one the user meant cannot be told.
// A well-known name that is an ARM ID is refused too: it goes to Azure as it is, past the check
// that keeps an armId inside the credential's subscription.
func (ref WellKnownResourceReference) Validate() error {
	if ref.WellKnownName == "" {
		return ref.ResourceReference.Validate()
	}
	if ref.ResourceReference != (ResourceReference{}) {
		return fmt.Errorf("resource reference sets wellKnownName %q beside %s; set only one of them", ref.WellKnownName, ref.ResourceReference)
	}
	if strings.HasPrefix(ref.WellKnownName, "/") {
		return fmt.Errorf("wellKnownName %q is an ARM ID, not a name Azure knows a resource by; set it as armId instead", ref.WellKnownName)
	}
	return nil
}

// String formats ref as its well-known name, or as ResourceReference does.
func (ref WellKnownResourceReference) String() string {
	if ref.WellKnownName != "" && ref.ResourceReference == (ResourceReference{}) {
		return "wellKnownName " + ref.WellKnownName
	}
	return ref.ResourceReference.String()
}

// WellKnownReferenceFromARM reads a value Azure returned back into a reference: an ARM ID as an
// armId, anything else (a built-in role's name left unresolved, a private link service alias) as
// the well-known name it was sent as, so that reading a resource back never invents an invalid armId.
func WellKnownReferenceFromARM(value string) WellKnownResourceReference {
	if armIDPattern.MatchString(value) {
		if _, err := ParseARMID(value); err == nil {
			return WellKnownResourceReference{ResourceReference: ResourceReference{ARMID: value}}
		}
	}
	return WellKnownResourceReference{WellKnownName: value}
}

// WellKnownARMID returns what goes on the wire for a well-known reference: its name as it is (a
// resolver of the kind may turn it into an ID before the PUT), else the ARM ID its reference
// resolves to.
func (d ConvertToARMResolvedDetails) WellKnownARMID(property string, ref WellKnownResourceReference) (string, error) {
	if ref.WellKnownName != "" {
		if err := ref.Validate(); err != nil {
			return "", errors.New(property + ": " + err.Error())
		}
		return ref.WellKnownName, nil
	}
	return d.ARMID(property, ref.ResourceReference)
}
