package reconciler_test

import (
	"strconv"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
)

// TestUnknownOriginalVersionReconcilesAtTheHubsVersion: a stored hub whose spec.originalVersion
// names a version the kind does not have (one this operator no longer exports, or one of Azure
// Service Operator's it never did, on an object a user migrated) is not a value the user wrote
// through our API; the resource is not stuck on it. It is reconciled at the API version the hub
// twins, as a hub without an originalVersion is, and a Warning Event names the resource, the
// field and both versions, so the change of api-version is not silent.
func TestUnknownOriginalVersionReconcilesAtTheHubsVersion(t *testing.T) {
	e := newEnv(t, armfake.Options{}, group("rg", "v1api20190101", nil))
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("the resource group whose originalVersion names no version is not Ready: %+v", c)
	}
	if n, versions := e.requests("PUT", "/resourceGroups/rg"); n != 1 || versions[0] != "2021-04-01" {
		t.Errorf("resource group PUTs %d with api-versions %v, want one with 2021-04-01 (the hub's API version)", n, versions)
	}
	events := drain(e)
	want := `spec.originalVersion "v1api20190101" of ResourceGroup ns/rg`
	if !strings.Contains(events, "Warning OriginalVersionUnknown") || !strings.Contains(events, want) || !strings.Contains(events, "v1api20210401") {
		t.Errorf("events %q: want a Warning OriginalVersionUnknown naming %s and v1api20210401", events, want)
	}
}

// TestDeprecatedASOOriginalVersionKeepsItsAPIVersion: Azure Service Operator recorded versions
// under prefixes it has since renamed (v1alpha1api, v1beta: the same api-version as v1api); such
// an originalVersion means the v1api version of the same api-version, which is what the operator
// talks to Azure with, without a warning.
func TestDeprecatedASOOriginalVersionKeepsItsAPIVersion(t *testing.T) {
	e := newEnv(t, armfake.Options{}, group("rg", "v1beta20200601", nil), group("rg2", "v1alpha1api20200601", nil))
	for _, name := range []string{"rg", "rg2"} {
		e.settle(rgKind, name)
		if c := e.ready(rgKind, name); c.Status != metav1.ConditionTrue {
			t.Fatalf("%s whose originalVersion has a deprecated prefix is not Ready: %+v", name, c)
		}
		if n, versions := e.requests("PUT", "/resourceGroups/"+name); n != 1 || versions[0] != "2020-06-01" {
			t.Errorf("%s PUTs %d with api-versions %v, want one with 2020-06-01", name, n, versions)
		}
	}
	if events := drain(e); strings.Contains(events, "OriginalVersionUnknown") {
		t.Errorf("events %q: a deprecated prefix of a version the kind has is not unknown", events)
	}
}

// TestOriginalVersionNamingNoAPIVersion: odd originalVersions a user can write through the
// storage version, none an API version of the kind: the storage version's own name (bare, or
// under an ASO prefix), another case, a Kubernetes-style name, a prefix alone. Each is reconciled
// at the hub's API version with the Warning, as a version the kind does not have; the storage
// version is the hub itself, which has no spec that converts to ARM, and must not stop the
// resource either.
func TestOriginalVersionNamingNoAPIVersion(t *testing.T) {
	odd := []string{"v1api20210401storage", "v1beta20210401storage", "V1API20200601", "v1beta1", "v1api"}
	var objs []client.Object
	for i, v := range odd {
		objs = append(objs, group("rg"+strconv.Itoa(i), v, nil))
	}
	e := newEnv(t, armfake.Options{}, objs...)
	for i, v := range odd {
		name := "rg" + strconv.Itoa(i)
		e.settle(rgKind, name)
		if c := e.ready(rgKind, name); c.Status != metav1.ConditionTrue {
			t.Errorf("originalVersion %q: not Ready: %+v", v, c)
			continue
		}
		if n, versions := e.requests("PUT", "/resourceGroups/"+name); n != 1 || versions[0] != "2021-04-01" {
			t.Errorf("originalVersion %q: PUTs %d with api-versions %v, want one with 2021-04-01", v, n, versions)
		}
	}
	events := drain(e)
	for _, v := range odd {
		if !strings.Contains(events, `spec.originalVersion "`+v+`"`) {
			t.Errorf("no Warning OriginalVersionUnknown naming %q in %q", v, events)
		}
	}
}
