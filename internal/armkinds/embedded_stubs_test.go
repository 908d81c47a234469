package armkinds

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestEmbeddedChildrenOfKindsAreStubsInEveryParentVersion: the generator keeps a resource's own
// children whole inside it only when they are no kind of their own, so in every API version of
// every generated parent, a child collection whose children are a kind (a virtual network's
// subnets) holds stubs (name and ID alone). The reconciler counts on it: such a collection, left
// out of a spec, is filled from Azure for the parent's PUT, so the PUT never deletes children
// created as kinds; a whole collection (a load balancer's backend pools) is the spec's to say.
func TestEmbeddedChildrenOfKindsAreStubsInEveryParentVersion(t *testing.T) {
	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	tb, err := FromScheme(s)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for gvk := range s.AllKnownTypes() {
		if strings.HasSuffix(gvk.Version, "storage") || strings.HasSuffix(gvk.Kind, "List") {
			continue
		}
		o, err := s.New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		obj, ok := o.(genruntime.ARMMetaObject)
		if !ok {
			continue
		}
		spec, ok := reflect.ValueOf(obj).Elem().FieldByName("Spec").Addr().Interface().(genruntime.ARMTransformer)
		if !ok {
			t.Fatalf("%s has no spec that converts to ARM", gvk)
		}
		body := spec.NewEmptyARMValue()
		props := propertiesStruct(reflect.TypeOf(body))
		for _, segment := range tb.Embedded(obj.GetType(), body) {
			f, _ := fieldByJSON(props, segment)
			item := f.Type.Elem()
			for item.Kind() == reflect.Pointer {
				item = item.Elem()
			}
			for i := range item.NumField() {
				name, _, _ := strings.Cut(item.Field(i).Tag.Get("json"), ",")
				if name != "id" && name != "name" {
					t.Errorf("%s: properties.%s holds children that are a kind of their own, yet its items (%s) carry %q beyond their name and ID",
						gvk, segment, item.Name(), name)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no parent with embedded children of a kind: the test checks nothing")
	}
}
