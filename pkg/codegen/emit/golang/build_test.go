package golang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// thisPackage is the import path of this directory; generated packages written below it get
// import paths inside the module, so they compile against the real genruntime and Kubernetes
// packages.
const thisPackage = "github.com/armgen/armgen/pkg/codegen/emit/golang"

// TestGeneratedCodeBuildsAndBehaves writes the rendered test model into a scratch directory
// inside the module, vets it (which type-checks it) and runs behaviour tests against it:
// registration, deepcopy that shares no memory, and the ARMMetaObject methods.
func TestGeneratedCodeBuildsAndBehaves(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generated code with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	// A directory named testdata is invisible to ./... patterns, so a scratch package here never
	// disturbs other builds, yet can still be built by its explicit path.
	dir, err := os.MkdirTemp("testdata", "tmp-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	base := thisPackage + "/" + filepath.ToSlash(dir)

	pkgDirs := map[string]bool{}
	for _, f := range renderAll(t, testModel(base), base) {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		pkgDirs["./"+filepath.ToSlash(filepath.Dir(path))] = true
	}
	behaviour := strings.ReplaceAll(behaviourTest, "BASE", base)
	if err := os.WriteFile(filepath.Join(dir, "controllers", "behaviour_test.go"), []byte(behaviour), 0o644); err != nil {
		t.Fatal(err)
	}

	var pkgs []string
	for p := range pkgDirs {
		pkgs = append(pkgs, p)
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(goTool, args...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run(append([]string{"vet"}, pkgs...)...)
	run("test", "-count=1", "./"+filepath.ToSlash(filepath.Join(dir, "controllers")))
}

// behaviourTest runs inside the generated controllers package; BASE is replaced by the import
// path the generated packages live below.
const behaviourTest = `package controllers

import (
	"fmt"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
	authorization "BASE/authorization/v1api20220401"
	network "BASE/network/v1api20201101"
	resources "BASE/resources/v1api20200601"
)

func kinds(t *testing.T) (*runtime.Scheme, []schema.GroupVersionKind) {
	s := runtime.NewScheme()
	if err := AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	gvks, err := genruntime.GroupVersionKinds(s, KnownResources())
	if err != nil {
		t.Fatal(err)
	}
	return s, gvks
}

func TestSchemeKnowsEveryResource(t *testing.T) {
	s, gvks := kinds(t)
	var got []string
	for _, gvk := range gvks {
		got = append(got, gvk.String())
		list := gvk
		list.Kind += "List"
		if _, err := s.New(list); err != nil {
			t.Errorf("%s: %v", list, err)
		}
	}
	want := []string{
		"authorization.azure.com/v1api20220401, Kind=ProviderSetting",
		"authorization.azure.com/v1api20220401, Kind=RoleAssignment",
		"network.azure.com/v1api20201101, Kind=VirtualNetworksSubnet",
		"network.azure.com/v1api20201101storage, Kind=VirtualNetwork",
		"resources.azure.com/v1api20200601, Kind=ResourceGroup",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("kinds:\n got %q\nwant %q", got, want)
	}
}

func TestDeepCopySharesNothing(t *testing.T) {
	s, watched := kinds(t)
	// Every version, not only the watched one of each kind.
	gvks := append(watched, schema.GroupVersionKind{Group: "network.azure.com", Version: "v1api20201101", Kind: "VirtualNetwork"})
	for _, gvk := range gvks {
		list := gvk
		list.Kind += "List"
		for _, k := range []schema.GroupVersionKind{gvk, list} {
			obj, err := s.New(k)
			if err != nil {
				t.Fatal(err)
			}
			fill(reflect.ValueOf(obj).Elem(), 0)
			c := obj.DeepCopyObject()
			if !reflect.DeepEqual(obj, c) {
				t.Errorf("%s: copy differs from the original", k)
			}
			if p := shared(reflect.ValueOf(obj), reflect.ValueOf(c), k.Kind); p != "" {
				t.Errorf("%s: the copy shares %s with the original", k, p)
			}
		}
	}
	var none *network.VirtualNetwork
	if none.DeepCopyObject() != nil {
		t.Error("DeepCopyObject of a nil resource is not nil")
	}
}

// fill sets every exported field, making pointers, two-element slices and two-entry maps.
func fill(v reflect.Value, depth int) {
	if depth > 10 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMapWithSize(v.Type(), 2)
		for _, k := range []string{"a", "b"} {
			key := reflect.New(v.Type().Key()).Elem()
			key.SetString(k)
			val := reflect.New(v.Type().Elem()).Elem()
			fill(val, depth+1)
			m.SetMapIndex(key, val)
		}
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.String:
		v.SetString("x")
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Uint8, reflect.Uint32, reflect.Uint64:
		v.SetUint(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Bool:
		v.SetBool(true)
	}
}

// shared returns the path of the first pointer, slice or map that a and b have in common.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() == 0 || b.Len() == 0 {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Map:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if p := shared(a.MapIndex(k), b.MapIndex(k), fmt.Sprintf("%s[%v]", path, k)); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	}
	return ""
}

func TestResourceMethods(t *testing.T) {
	check := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %#v, want %#v", what, got, want)
		}
	}
	var noOwner *genruntime.ResourceReference

	vnet := &network.VirtualNetwork{}
	vnet.Spec.AzureName = "vnet"
	check("vnet AzureName", vnet.AzureName(), "vnet")
	check("vnet Owner unset", vnet.Owner(), noOwner)
	vnet.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	check("vnet Owner", vnet.Owner(), &genruntime.ResourceReference{Group: "resources.azure.com", Kind: "ResourceGroup", Name: "rg"})
	check("vnet GetType", vnet.GetType(), "Microsoft.Network/virtualNetworks")
	check("vnet GetAPIVersion", vnet.GetAPIVersion(), "2020-11-01")
	check("vnet GetResourceScope", vnet.GetResourceScope(), genruntime.ResourceScopeResourceGroup)
	vnet.SetConditions(conditions.Conditions{{Type: conditions.ConditionTypeReady, Reason: "Done"}})
	check("vnet conditions", vnet.Status.Conditions[0].Reason, "Done")
	check("vnet GetConditions", len(vnet.GetConditions()), 1)

	ra := &authorization.RoleAssignment{}
	check("role assignment Owner unset", ra.Owner(), noOwner)
	ra.Spec.Owner = &genruntime.ArbitraryOwnerReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vnet"}
	check("role assignment Owner", ra.Owner(), &genruntime.ResourceReference{Group: "network.azure.com", Kind: "VirtualNetwork", Name: "vnet"})
	check("role assignment scope", ra.GetResourceScope(), genruntime.ResourceScopeExtension)

	setting := &authorization.ProviderSetting{}
	check("singleton AzureName", setting.AzureName(), "default")
	check("singleton Owner", setting.Owner(), noOwner)

	rg := &resources.ResourceGroup{}
	check("resource group AzureName unset", rg.AzureName(), "")
	name := "rg"
	rg.Spec.AzureName = &name
	check("resource group AzureName", rg.AzureName(), "rg")
	check("resource group scope", rg.GetResourceScope(), genruntime.ResourceScopeSubscription)

	check("string enum", string(network.VirtualNetworkEncryption_Enforcement_DropUnencrypted), "DropUnencrypted")
	check("int enum", int(network.FlowLogFormatParameters_Version_2), 2)
}
`
