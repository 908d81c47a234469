// Package armkinds maps ARM resource types to the generated kinds that manage them, from a
// scheme holding the generated API versions: which kind (and which of its API versions) to use
// for Microsoft.Network/virtualNetworks, which kinds are children of it, and which child
// collections its ARM body embeds (a virtual network's properties.subnets).
package armkinds

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Kind is one generated kind at the API version chosen for its ARM type.
type Kind struct {
	// GVK is the chosen API version of the kind: the newest stable one, else the newest preview,
	// as Azure Service Operator's asoctl chooses.
	GVK schema.GroupVersionKind
	// ARMType is the ARM resource type (Microsoft.Network/virtualNetworks/subnets).
	ARMType string
	// APIVersion is the ARM api-version GVK talks to Azure with.
	APIVersion string
	// Scope is where the resource lives.
	Scope genruntime.ResourceScope
}

// Segment is the last segment of the ARM type: subnets for Microsoft.Network/virtualNetworks/subnets.
func (k Kind) Segment() string { return k.ARMType[strings.LastIndex(k.ARMType, "/")+1:] }

// Table indexes the generated kinds of a scheme by ARM type.
type Table struct {
	scheme *runtime.Scheme
	byType map[string]Kind // lower-cased ARM type
}

// FromScheme builds the table from every API version in scheme whose objects are Azure resources
// (storage versions, which never talk to Azure, are left out).
func FromScheme(scheme *runtime.Scheme) (*Table, error) {
	t := &Table{scheme: scheme, byType: map[string]Kind{}}
	gvks := make([]schema.GroupVersionKind, 0)
	for gvk := range scheme.AllKnownTypes() {
		if strings.HasSuffix(gvk.Version, "storage") || strings.HasSuffix(gvk.Kind, "List") {
			continue
		}
		gvks = append(gvks, gvk)
	}
	// Sorted, so that a tie (two groups exporting one ARM type) is settled the same way each time.
	slices.SortFunc(gvks, func(a, b schema.GroupVersionKind) int {
		return cmp.Or(strings.Compare(a.Group, b.Group), strings.Compare(a.Kind, b.Kind), strings.Compare(a.Version, b.Version))
	})
	for _, gvk := range gvks {
		o, err := scheme.New(gvk)
		if err != nil {
			return nil, err
		}
		obj, ok := o.(genruntime.ARMMetaObject)
		if !ok {
			continue
		}
		k := Kind{GVK: gvk, ARMType: obj.GetType(), APIVersion: obj.GetAPIVersion(), Scope: obj.GetResourceScope()}
		key := strings.ToLower(k.ARMType)
		if old, ok := t.byType[key]; !ok || newer(k.APIVersion, old.APIVersion) {
			t.byType[key] = k
		}
	}
	if len(t.byType) == 0 {
		return nil, fmt.Errorf("armkinds: the scheme holds no Azure resource kinds")
	}
	return t, nil
}

// newer says api-version a is preferred to b: stable before preview, then the later date.
func newer(a, b string) bool {
	ap, bp := isPreview(a), isPreview(b)
	if ap != bp {
		return bp
	}
	return a > b
}

func isPreview(apiVersion string) bool {
	return strings.Contains(strings.ToLower(apiVersion), "preview")
}

// ForType is the kind that manages an ARM type (case-insensitive).
func (t *Table) ForType(armType string) (Kind, bool) {
	k, ok := t.byType[strings.ToLower(armType)]
	return k, ok
}

// Children are the kinds whose ARM type is a direct child of armType
// (Microsoft.Network/virtualNetworks/subnets of Microsoft.Network/virtualNetworks), by ARM type.
func (t *Table) Children(armType string) []Kind {
	prefix := strings.ToLower(armType) + "/"
	var out []Kind
	for key, k := range t.byType {
		if rest, ok := strings.CutPrefix(key, prefix); ok && !strings.Contains(rest, "/") {
			out = append(out, k)
		}
	}
	return sortKinds(out)
}

// InScope are the top-level kinds (one type segment) of a scope, by ARM type.
func (t *Table) InScope(scope genruntime.ResourceScope) []Kind {
	var out []Kind
	for _, k := range t.byType {
		if k.Scope == scope && strings.Count(k.ARMType, "/") == 1 {
			out = append(out, k)
		}
	}
	return sortKinds(out)
}

func sortKinds(ks []Kind) []Kind {
	slices.SortFunc(ks, func(a, b Kind) int { return strings.Compare(a.ARMType, b.ARMType) })
	return ks
}

// New returns an empty object of the kind, with its GVK set.
func (t *Table) New(k Kind) (genruntime.ARMMetaObject, error) {
	o, err := t.scheme.New(k.GVK)
	if err != nil {
		return nil, err
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return nil, fmt.Errorf("%s is not an Azure resource", k.GVK)
	}
	obj.GetObjectKind().SetGroupVersionKind(k.GVK)
	return obj, nil
}

// Embedded lists the child collections the ARM body of armType embeds and that kinds of their
// own manage: the segment of each child kind (subnets) for which armBody, an ARM wire value of
// the parent (a pointer to a struct, as a spec's NewEmptyARMValue returns), has a list of the
// same JSON name in its properties. Azure treats such a list in a PUT of the parent as the whole
// set of children, so whoever sends the parent must say what it holds.
func (t *Table) Embedded(armType string, armBody any) []string {
	props := propertiesStruct(reflect.TypeOf(armBody))
	if props == nil {
		return nil
	}
	var out []string
	for _, k := range t.Children(armType) {
		if f, ok := fieldByJSON(props, k.Segment()); ok && f.Type.Kind() == reflect.Slice {
			out = append(out, k.Segment())
		}
	}
	return out
}

// propertiesStruct is the struct type of the Properties field of an ARM body type, if any.
func propertiesStruct(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	f, ok := fieldByJSON(t, "properties")
	if !ok {
		return nil
	}
	pt := f.Type
	for pt.Kind() == reflect.Pointer {
		pt = pt.Elem()
	}
	if pt.Kind() != reflect.Struct {
		return nil
	}
	return pt
}

// fieldByJSON finds the field of a struct type that JSON names name.
func fieldByJSON(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// FieldByJSON finds, in a struct value (or a pointer to one), the field JSON names name.
func FieldByJSON(v reflect.Value, name string) (reflect.Value, bool) {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return reflect.Value{}, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	f, ok := fieldByJSON(v.Type(), name)
	if !ok {
		return reflect.Value{}, false
	}
	return v.FieldByIndex(f.Index), true
}
