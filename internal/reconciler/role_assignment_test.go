package reconciler_test

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	authorization "github.com/armgen/armgen/generated/authorization/v1api20200801preview/storage"
	builtin "github.com/armgen/armgen/internal/extensions/authorization"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

var roleAssignmentKind = authorization.GroupVersion.WithKind("RoleAssignment")

// TestBuiltInRoleByNameResyncsWithoutPut: a role assignment naming its role by wellKnownName is
// sent with the role's ID, which Azure then answers; the spec still says the name. An unchanged
// resync must not read that as drift: it sends no PUT and lists no role definitions.
func TestBuiltInRoleByNameResyncsWithoutPut(t *testing.T) {
	ra := &authorization.RoleAssignment{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "ra", Generation: 1}}
	ra.Spec.OriginalVersion = "v1api20200801preview"
	ra.Spec.AzureName = "6a2f4c0e-8a61-4c55-9f7e-7d1c3c1a2b3d"
	ra.Spec.Owner = &genruntime.ArbitraryOwnerReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg"}
	ra.Spec.PrincipalId = ptr("11111111-2222-3333-4444-555555555555")
	ra.Spec.RoleDefinitionReference = &genruntime.WellKnownResourceReference{WellKnownName: "reader"}
	e := newEnv(t, armfake.Options{LROPolls: -1, Groups: []string{"authorization"}}, group("rg", "", nil), ra)
	e.kinds = []schema.GroupVersionKind{roleAssignmentKind}
	e.putModifiers = map[schema.GroupKind]reconciler.PutModifier{roleAssignmentKind.GroupKind(): builtin.BuiltInRoleName{}}
	e.restart()
	e.settle(rgKind, "rg")
	e.settle(roleAssignmentKind, "ra")
	if c := e.ready(roleAssignmentKind, "ra"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	puts := putBodies(e, "/roleAssignments/"+ra.Spec.AzureName)
	reader := "/subscriptions/" + subscription + "/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7"
	if len(puts) != 1 || !strings.Contains(puts[0], reader) {
		t.Fatalf("PUT bodies %v, want one naming %s", puts, reader)
	}

	e.srv.ResetRequests()
	e.settle(roleAssignmentKind, "ra")
	if n, _ := e.requests("PUT", "/roleAssignments/"+ra.Spec.AzureName); n != 0 {
		t.Errorf("an unchanged resync sent %d PUTs: the role's ID Azure answers read as drift from its name", n)
	}
	if n, _ := e.requests("GET", "/roleDefinitions"); n != 0 {
		t.Errorf("an unchanged resync listed role definitions %d times", n)
	}
}
