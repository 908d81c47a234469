package genruntime

import (
	"testing"

	"github.com/google/uuid"
)

// The expected names are computed by another implementation of UUIDv5 (github.com/google/uuid,
// which Azure Service Operator uses) from the namespace and the seed written out by hand.
var asoNamespace = uuid.MustParse("9a329043-7ad7-4b1c-812f-9c7a93d6392a")

func TestOwnerScopedSeed(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		owner       *ResourceReference
		group, kind string
		want        string
	}{
		{"no owner", nil, "resources.azure.com", "ResourceGroup",
			"ResourceGroup/resources.azure.com:default/myra"},
		{"a Kubernetes owner", &ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "myrg"},
			"authorization.azure.com", "RoleAssignment",
			"resources.azure.com/ResourceGroup:default/myrg:RoleAssignment/authorization.azure.com:default/myra"},
		{"an ARM ID owner", &ResourceReference{ARMID: "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/myrg"},
			"authorization.azure.com", "RoleAssignment",
			"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/myrg:RoleAssignment/authorization.azure.com:default/myra"},
		{"an owner half filled in counts for nothing", &ResourceReference{Kind: "ResourceGroup", Name: "myrg"},
			"authorization.azure.com", "RoleAssignment",
			"RoleAssignment/authorization.azure.com:default/myra"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := OwnerScopedSeed(c.owner, c.group, c.kind, "default", "myra"); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestStableUUIDName(t *testing.T) {
	t.Parallel()
	seeds := []string{
		"",
		"RoleAssignment/authorization.azure.com:default/myra",
		"resources.azure.com/ResourceGroup:default/aso-sample-rg:RoleAssignment/authorization.azure.com:default/samplerole",
		"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/myrg:RoleAssignment/authorization.azure.com:ns-1/x",
		"ünïcode:seed/with:colons",
	}
	for _, seed := range seeds {
		want := uuid.NewSHA1(asoNamespace, []byte(seed)).String()
		if got := StableUUIDName("samplerole", seed); got != want {
			t.Errorf("seed %q: got %s, want %s", seed, got, want)
		}
	}
}

// A name that is a UUID already is the Azure name, whatever the seed.
func TestStableUUIDNameKeepsAUUID(t *testing.T) {
	t.Parallel()
	cases := []string{
		"6f0c4a4e-2d0b-4bd7-8f7e-6a5c2f0e9b11",
		"6F0C4A4E-2D0B-4BD7-8F7E-6A5C2F0E9B11",
		"6f0c4a4e2d0b4bd78f7e6a5c2f0e9b11",
		// What is not a UUID gets one.
		"6f0c4a4e-2d0b-4bd7-8f7e-6a5c2f0e9b1",
		"6f0c4a4e-2d0b-4bd7-8f7e-6a5c2f0e9b1g",
		"6f0c4a4e-2d0b-4bd7-8f7e6-a5c2f0e9b11",
		"samplerole",
		"",
	}
	for _, name := range cases {
		_, err := uuid.Parse(name)
		isOne := err == nil
		got := StableUUIDName(name, "seed")
		if isOne && got != name {
			t.Errorf("%q is a UUID, but became %s", name, got)
		}
		if !isOne && got != uuid.NewSHA1(asoNamespace, []byte("seed")).String() {
			t.Errorf("%q is not a UUID, but became %s", name, got)
		}
	}
}
