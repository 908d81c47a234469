package rbac

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/pkg/astmodel"
)

func resource(group, version, kind string) astmodel.Definition {
	pkg := astmodel.MakeAPIPackage("example.com/generated", group, version)
	return astmodel.Definition{Name: astmodel.MakeTypeName(pkg, kind), Type: &astmodel.ResourceType{}}
}

func TestKindsAreOnePluralPerKindAndGroup(t *testing.T) {
	defs := astmodel.Definitions{}.With(
		resource("network", "v1api20201101", "VirtualNetwork"),
		resource("network", "v1api20210201", "VirtualNetwork"),
		resource("network", "v1api20201101", "VirtualNetworksSubnet"),
		resource("cache", "v1api20201201", "Redis"),
		astmodel.Definition{Name: astmodel.MakeTypeName(astmodel.MakeAPIPackage("example.com/generated", "cache", "v1api20201201"), "Sku"), Type: &astmodel.ObjectType{}},
	)
	want := map[string][]string{
		"cache.azure.com":   {"redis"},
		"network.azure.com": {"virtualnetworks", "virtualnetworkssubnets"},
	}
	if d := cmp.Diff(want, Kinds(defs)); d != "" {
		t.Errorf("Kinds (-want +got):\n%s", d)
	}
}

// TestRoleDecodesAsAClusterRole: the hand-written YAML is a ClusterRole with nothing unknown in
// it, the core rules first, then per group its kinds, finalizers and status.
func TestRoleDecodesAsAClusterRole(t *testing.T) {
	data := Role(map[string][]string{"network.azure.com": {"virtualnetworks", "virtualnetworkssubnets"}, "cache.azure.com": {"redis"}})
	if !strings.HasPrefix(string(data), header) {
		t.Errorf("no generated-code header:\n%s", data)
	}
	var role rbacv1.ClusterRole
	if err := yaml.UnmarshalStrict(data, &role); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if role.APIVersion != "rbac.authorization.k8s.io/v1" || role.Kind != "ClusterRole" || role.Name != RoleName {
		t.Errorf("got %s %s %s", role.APIVersion, role.Kind, role.Name)
	}
	all := []string{"create", "delete", "get", "list", "patch", "update", "watch"}
	read := []string{"get", "list", "watch"}
	r := func(group string, resources []string, verbs []string) rbacv1.PolicyRule {
		return rbacv1.PolicyRule{APIGroups: []string{group}, Resources: resources, Verbs: verbs}
	}
	want := []rbacv1.PolicyRule{
		r("", []string{"configmaps", "secrets"}, all),
		r("", []string{"events"}, []string{"create", "patch"}),
		r("", []string{"namespaces"}, read),
		r("apiextensions.k8s.io", []string{"customresourcedefinitions"}, []string{"create", "get", "list", "patch", "watch"}),
		r("cache.azure.com", []string{"redis"}, all),
		r("cache.azure.com", []string{"redis/finalizers"}, []string{"update"}),
		r("cache.azure.com", []string{"redis/status"}, []string{"get", "patch", "update"}),
		r("network.azure.com", []string{"virtualnetworks", "virtualnetworkssubnets"}, all),
		r("network.azure.com", []string{"virtualnetworks/finalizers", "virtualnetworkssubnets/finalizers"}, []string{"update"}),
		r("network.azure.com", []string{"virtualnetworks/status", "virtualnetworkssubnets/status"}, []string{"get", "patch", "update"}),
	}
	if d := cmp.Diff(want, role.Rules); d != "" {
		t.Errorf("rules (-want +got):\n%s", d)
	}
}

func TestRenderIsTheRoleAndAKustomization(t *testing.T) {
	files := Render(astmodel.Definitions{}.With(resource("cache", "v1api20201201", "Redis")))
	if len(files) != 2 {
		t.Fatalf("got %d files", len(files))
	}
	var k struct {
		APIVersion string   `json:"apiVersion"`
		Kind       string   `json:"kind"`
		Resources  []string `json:"resources"`
	}
	if err := yaml.UnmarshalStrict(files["rbac/kustomization.yaml"], &k); err != nil {
		t.Fatal(err)
	}
	if k.Kind != "Kustomization" || len(k.Resources) != 1 || k.Resources[0] != RoleFile {
		t.Errorf("kustomization: %+v", k)
	}
	if !strings.Contains(string(files["rbac/role.yaml"]), "- redis/status\n") {
		t.Errorf("role.yaml:\n%s", files["rbac/role.yaml"])
	}
}

// TestRoleIsTheSameEveryTime: map order must not leak into the output.
func TestRoleIsTheSameEveryTime(t *testing.T) {
	kinds := map[string][]string{"a.azure.com": {"x"}, "b.azure.com": {"y"}, "c.azure.com": {"z"}, "d.azure.com": {"w"}}
	first := string(Role(kinds))
	for range 20 {
		if got := string(Role(kinds)); got != first {
			t.Fatalf("two renderings differ:\n%s\n---\n%s", first, got)
		}
	}
}
