package generated_test

import (
	"testing"

	"github.com/google/uuid"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	authorization "github.com/armgen/armgen/generated/authorization/v1api20200801preview"
	authorizationstorage "github.com/armgen/armgen/generated/authorization/v1api20200801preview/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestRoleAssignmentDefaultAzureName: a RoleAssignment without azureName gets the UUIDv5 Azure
// Service Operator gives it, computed here by another implementation (github.com/google/uuid)
// from ASO's namespace and the seed written out by hand: the owner (group/kind:namespace/name,
// or its ARM ID), then kind/group and namespace/name of the object. The API version and the hub,
// which the operator holds when it claims the object, agree.
func TestRoleAssignmentDefaultAzureName(t *testing.T) {
	ns := uuid.MustParse("9a329043-7ad7-4b1c-812f-9c7a93d6392a")
	const rgID = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/myrg"
	cases := []struct {
		name, objName string
		owner         *genruntime.ArbitraryOwnerReference
		want          string
	}{
		{"a Kubernetes owner", "myra", &genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "myrg"},
			uuid.NewSHA1(ns, []byte("resources.azure.com/ResourceGroup:ns1/myrg:RoleAssignment/authorization.azure.com:ns1/myra")).String()},
		{"an owner by ARM ID", "myra", &genruntime.ArbitraryOwnerReference{ARMID: rgID},
			uuid.NewSHA1(ns, []byte(rgID+":RoleAssignment/authorization.azure.com:ns1/myra")).String()},
		{"a name that is a UUID already", "3f5c2d0e-9a1b-4c7d-8e6f-0a1b2c3d4e5f", &genruntime.ArbitraryOwnerReference{ARMID: rgID},
			"3f5c2d0e-9a1b-4c7d-8e6f-0a1b2c3d4e5f"},
		{"no owner yet", "myra", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			meta := metav1.ObjectMeta{Name: c.objName, Namespace: "ns1"}
			api := &authorization.RoleAssignment{ObjectMeta: meta, Spec: authorization.RoleAssignment_Spec{Owner: c.owner}}
			hub := &authorizationstorage.RoleAssignment{ObjectMeta: meta, Spec: authorizationstorage.RoleAssignment_Spec{Owner: c.owner}}
			for _, d := range []genruntime.AzureNameDefaulter{api, hub} {
				if got := d.DefaultAzureName(); got != c.want {
					t.Errorf("%T: got %q, want %q", d, got, c.want)
				}
			}
			api.SetAzureName(c.want)
			hub.SetAzureName(c.want)
			if api.AzureName() != c.want || hub.AzureName() != c.want {
				t.Errorf("SetAzureName: %q, %q", api.AzureName(), hub.AzureName())
			}
		})
	}
}
