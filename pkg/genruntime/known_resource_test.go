package genruntime

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// fakeResource is the least needed to satisfy ARMMetaObject; it also proves the interface is implementable.
type fakeResource struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	conds             conditions.Conditions
}

var _ ARMMetaObject = &fakeResource{}

func (f *fakeResource) DeepCopyObject() runtime.Object {
	out := *f
	f.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.conds = f.conds.DeepCopy()
	return &out
}

func (f *fakeResource) GetConditions() conditions.Conditions   { return f.conds }
func (f *fakeResource) SetConditions(cs conditions.Conditions) { f.conds = cs }
func (f *fakeResource) AzureName() string                      { return f.Name }
func (f *fakeResource) Owner() *ResourceReference              { return nil }
func (f *fakeResource) GetType() string                        { return "Microsoft.Test/fakes" }
func (f *fakeResource) GetAPIVersion() string                  { return "2020-11-01" }
func (f *fakeResource) GetResourceScope() ResourceScope        { return ResourceScopeResourceGroup }

func TestGroupVersionKinds(t *testing.T) {
	t.Parallel()

	gv := schema.GroupVersion{Group: "test.azure.com", Version: "v1"}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(gv, &fakeResource{})

	got, err := GroupVersionKinds(scheme, []KnownResource{{Obj: &fakeResource{}}})
	if err != nil {
		t.Fatalf("GroupVersionKinds() = %v", err)
	}

	want := []schema.GroupVersionKind{gv.WithKind("fakeResource")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("GroupVersionKinds() mismatch (-want +got):\n%s", diff)
	}

	if _, err := GroupVersionKinds(runtime.NewScheme(), []KnownResource{{Obj: &fakeResource{}}}); err == nil {
		t.Error("GroupVersionKinds() with unregistered type succeeded")
	}

	if _, err := GroupVersionKinds(scheme, []KnownResource{{}}); err == nil || !strings.Contains(err.Error(), "no object") {
		t.Errorf("GroupVersionKinds() with nil object = %v, want 'no object' error", err)
	}
}
