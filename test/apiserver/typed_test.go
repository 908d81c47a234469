package apiserver_test

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/generated/controllers"
)

// TestTypedClientRoundTrip creates each sample as its generated Go type through a
// controller-runtime client, as the operator would, and reads it back as that type: the Go
// types and the CRD schemas agree on every field the samples use.
func TestTypedClientRoundTrip(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := controllers.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	c, err := server.Client(scheme)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range loadSamples(t) {
		t.Run(s.path, func(t *testing.T) {
			t.Parallel()
			obj, err := scheme.New(s.gvk())
			if err != nil {
				t.Fatal(err)
			}
			if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(s.obj.Object, obj, true); err != nil {
				t.Fatal(err)
			}
			in := obj.(client.Object)
			in.SetName("typed-" + in.GetName())
			in.SetNamespace(sampleNamespace)
			ctx := context.Background()
			if err := c.Create(ctx, in); err != nil {
				t.Fatalf("create: %v", err)
			}
			out := in.DeepCopyObject().(client.Object)
			if err := c.Get(ctx, client.ObjectKeyFromObject(in), out); err != nil {
				t.Fatalf("get: %v", err)
			}
			sent, err := runtime.DefaultUnstructuredConverter.ToUnstructured(in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := runtime.DefaultUnstructuredConverter.ToUnstructured(out)
			if err != nil {
				t.Fatal(err)
			}
			if diffs := lostFields(map[string]any{"spec": sent["spec"]}, got); len(diffs) > 0 {
				t.Errorf("read back changed:\n  %s", strings.Join(diffs, "\n  "))
			}
		})
	}
}
