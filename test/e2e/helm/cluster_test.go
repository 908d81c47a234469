package helm_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/helmchart"
)

// render is the chart rendered with vals as armctl export template renders it (the same as helm
// template: TestExportTemplateIsHelmTemplate), decoded into objects.
func render(t *testing.T, vals map[string]any) []*unstructured.Unstructured {
	t.Helper()
	ch, err := helmchart.Load()
	if err != nil {
		t.Fatal(err)
	}
	out, err := helmchart.Template(ch, vals, helmchart.DefaultRelease)
	if err != nil {
		t.Fatal(err)
	}
	var objs []*unstructured.Unstructured
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader([]byte(out)), 4096)
	for {
		u := &unstructured.Unstructured{}
		if err := dec.Decode(&u.Object); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("the rendered YAML: %v", err)
		}
		if len(u.Object) > 0 {
			objs = append(objs, u)
		}
	}
	return objs
}

// ensureNamespace makes the release's namespace, as `helm install --create-namespace` would.
func ensureNamespace(t *testing.T, name string) {
	t.Helper()
	err := shared.Client.Create(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
}

// apply server-side applies obj, as `helm install` and `kubectl apply --server-side` would
// create or update it: the API server validates it against the built-in schemas.
func apply(t *testing.T, obj *unstructured.Unstructured) {
	t.Helper()
	if err := shared.Client.Patch(context.Background(), obj, client.Apply, client.FieldOwner("helm-test"), client.ForceOwnership); err != nil {
		t.Errorf("the API server refuses %s %s/%s: %v", obj.GetKind(), obj.GetNamespace(), obj.GetName(), err)
	}
}

// TestRenderedObjectsAreCreated: every object the chart renders, with its defaults and with every
// value set, is accepted by a real API server (the full values' objects apply over the defaults',
// as an upgrade would).
func TestRenderedObjectsAreCreated(t *testing.T) {
	ensureNamespace(t, helmchart.DefaultRelease.Namespace)
	for _, tc := range []struct {
		name string
		vals map[string]any
	}{{"defaults", nil}, {"full values", fullValues(t)}} {
		t.Run(tc.name, func(t *testing.T) {
			objs := render(t, tc.vals)
			kinds := map[string]bool{}
			for _, o := range objs {
				apply(t, o)
				kinds[o.GetKind()] = true
			}
			for _, want := range []string{"Deployment", "ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding", "Service"} {
				if !kinds[want] {
					t.Errorf("no %s rendered", want)
				}
			}
			if tc.vals != nil && !kinds["Secret"] {
				t.Error("the full values render no Secret aso-controller-settings")
			}
			for _, o := range objs {
				got := &unstructured.Unstructured{}
				got.SetGroupVersionKind(o.GroupVersionKind())
				if err := shared.Client.Get(context.Background(), client.ObjectKeyFromObject(o), got); err != nil {
					t.Errorf("%s %s: %v", o.GetKind(), o.GetName(), err)
				}
			}
			if t.Failed() {
				t.Logf("rendered kinds: %s", strings.Join(keys(kinds), ", "))
			}
		})
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
