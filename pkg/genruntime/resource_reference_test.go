package genruntime

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const testRGID = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/my-rg"

func TestResourceReferenceValidate(t *testing.T) {
	t.Parallel()

	tests := []struct {
		name    string
		ref     ResourceReference
		wantErr string // substring; empty means valid
	}{
		{name: "kubernetes reference", ref: ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "my-rg"}},
		{name: "resource group ARM ID", ref: ResourceReference{ARMID: testRGID}},
		{name: "subscription ARM ID", ref: ResourceReference{ARMID: "/subscriptions/00000000-0000-0000-0000-000000000000"}},
		{name: "nested ARM ID", ref: ResourceReference{ARMID: testRGID + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/s"}},
		{name: "ARM ID case insensitive", ref: ResourceReference{ARMID: "/SUBSCRIPTIONS/x/RESOURCEGROUPS/y"}},
		{name: "empty", ref: ResourceReference{}, wantErr: "resource reference is empty"},
		{name: "missing kind and name", ref: ResourceReference{Group: "resources.azure.com"}, wantErr: "missing kind, name"},
		{name: "missing group", ref: ResourceReference{Kind: "ResourceGroup", Name: "my-rg"}, wantErr: "missing group"},
		{name: "both forms", ref: ResourceReference{Name: "my-rg", ARMID: testRGID}, wantErr: "sets both armId and group/kind/name"},
		{name: "malformed ARM ID", ref: ResourceReference{ARMID: "my-rg"}, wantErr: "is not an ARM ID"},
		{name: "ARM ID with empty subscription", ref: ResourceReference{ARMID: "/subscriptions//resourceGroups/x"}, wantErr: "is not an ARM ID"},
		{name: "ARM ID climbing out with ..", ref: ResourceReference{ARMID: testRGID + "/providers/Microsoft.Network/virtualNetworks/../../../../resourceGroups/other"}, wantErr: `segment 8 is ".."`},
		{name: "ARM ID with an encoded ..", ref: ResourceReference{ARMID: testRGID + "/providers/Microsoft.Network/virtualNetworks/%2E%2e"}, wantErr: "would move the request"},
		{name: "ARM ID with a trailing /", ref: ResourceReference{ARMID: testRGID + "/"}, wantErr: "is not an ARM ID"},
	}

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			err := tt.ref.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
			} else if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Validate() = %v, want error containing %q", err, tt.wantErr)
			}

			// A reference without a malformed ID is valid exactly when it is one kind of reference or the other.
			if _, perr := ParseARMID(tt.ref.ARMID); (armIDPattern.MatchString(tt.ref.ARMID) && perr == nil) || tt.ref.ARMID == "" {
				exactlyOne := tt.ref.IsDirectARMReference() != tt.ref.IsKubernetesReference()
				if exactlyOne != (err == nil) {
					t.Errorf("IsDirectARMReference()=%v IsKubernetesReference()=%v disagree with Validate() = %v",
						tt.ref.IsDirectARMReference(), tt.ref.IsKubernetesReference(), err)
				}
			}
		})
	}
}

func TestResourceReferenceString(t *testing.T) {
	t.Parallel()

	tests := []struct {
		ref  ResourceReference
		want string
	}{
		{ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "my-rg"}, "ResourceGroup.resources.azure.com/my-rg"},
		{ResourceReference{Kind: "Secret", Name: "s"}, "Secret/s"},
		{ResourceReference{ARMID: testRGID}, testRGID},
		{ResourceReference{Name: "my-rg", ARMID: testRGID}, "/my-rg (armId " + testRGID + ")"},
	}

	for _, tt := range tests {
		if got := tt.ref.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.ref, got, tt.want)
		}
	}
}

func TestKnownResourceReferenceAsResourceReference(t *testing.T) {
	t.Parallel()

	const group, kind = "resources.azure.com", "ResourceGroup"
	tests := []struct {
		name string
		ref  *KnownResourceReference
		want *ResourceReference
	}{
		{name: "nil", ref: nil, want: nil},
		{name: "by name", ref: &KnownResourceReference{Name: "my-rg"}, want: &ResourceReference{Group: group, Kind: kind, Name: "my-rg"}},
		{name: "by ARM ID", ref: &KnownResourceReference{ARMID: testRGID}, want: &ResourceReference{ARMID: testRGID}},
		{name: "both kept so Validate can reject", ref: &KnownResourceReference{Name: "my-rg", ARMID: testRGID}, want: &ResourceReference{Group: group, Kind: kind, Name: "my-rg", ARMID: testRGID}},
	}

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()

			if diff := cmp.Diff(tt.want, tt.ref.AsResourceReference(group, kind)); diff != "" {
				t.Errorf("AsResourceReference() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestArbitraryOwnerReferenceAsResourceReference(t *testing.T) {
	t.Parallel()

	var nilRef *ArbitraryOwnerReference
	if got := nilRef.AsResourceReference(); got != nil {
		t.Errorf("nil.AsResourceReference() = %v, want nil", got)
	}

	ref := &ArbitraryOwnerReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vn"}
	want := &ResourceReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vn"}
	if diff := cmp.Diff(want, ref.AsResourceReference()); diff != "" {
		t.Errorf("AsResourceReference() mismatch (-want +got):\n%s", diff)
	}
}
