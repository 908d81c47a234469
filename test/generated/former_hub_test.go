package generated_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/types"

	network "github.com/armgen/armgen/generated/network/v1api20210201"
	hub "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestSoleVersionReadFromFormerHubRetainsNothing: a kind with one API version is stored at that
// version, but objects an earlier operator (or Azure Service Operator) stored at its hub are
// read through the conversion until rewritten. Written back, the read is stored as it is, with no
// conversion: a retained-values annotation on it would stay in storage and, once the kind gains a
// version, put back into the hub what no version of then wrote, an originalVersion naming a
// version that no longer exists first of all (the reconciler stopped on it). The read carries no
// such annotation, only the informational record of the originalVersion it replaced; that
// record is not put into the hub.
func TestSoleVersionReadFromFormerHubRetainsNothing(t *testing.T) {
	var stored hub.NatGateway
	stored.Name, stored.UID = "nat", types.UID("uid-of-nat")
	stored.Spec.OriginalVersion = "v1api20190101" // exported no longer (or never: ASO's)
	stored.Spec.PropertyBag = genruntime.PropertyBag{"zones": `["1"]`}
	var read network.NatGateway
	if err := read.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if a, ok := read.Annotations[genruntime.RetainedValuesAnnotation]; ok {
		t.Errorf("the read at the only API version carries %s %s, which would stay in storage", genruntime.RetainedValuesAnnotation, a)
	}
	if got := read.Annotations[genruntime.ReplacedOriginalVersionAnnotation]; got != "v1api20190101" {
		t.Errorf("%s %q, want the replaced v1api20190101", genruntime.ReplacedOriginalVersionAnnotation, got)
	}

	// The kind gains a version: the object stored at v1api20210201 converts to the hub.
	var again hub.NatGateway
	if err := read.ConvertTo(&again); err != nil {
		t.Fatal(err)
	}
	if again.Spec.OriginalVersion != "v1api20210201" {
		t.Errorf("the hub from the stored v1api20210201 has originalVersion %q, want v1api20210201, the version it was reconciled at", again.Spec.OriginalVersion)
	}
	if len(again.Annotations) != 0 {
		t.Errorf("the hub carries annotations %v", again.Annotations)
	}

	// A hub recording this very version (or its deprecated ASO name) replaces nothing.
	for _, v := range []string{"v1api20210201", "v1beta20210201", ""} {
		stored.Spec.OriginalVersion = v
		var same network.NatGateway
		if err := same.ConvertFrom(&stored); err != nil {
			t.Fatal(err)
		}
		if len(same.Annotations) != 0 {
			t.Errorf("read from a hub with originalVersion %q: annotations %v, want none", v, same.Annotations)
		}
	}
}
