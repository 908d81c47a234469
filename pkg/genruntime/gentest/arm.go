package gentest

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"pgregory.net/rapid"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Variant draws which of n variants of a union a generated value sets: exactly one, as the
// one-of validation of the CRD demands.
func Variant(t *rapid.T, n int) int { return rapid.IntRange(0, n-1).Draw(t, "variant") }

// ARMConvertible is what an API object generates for the ARM round trip.
type ARMConvertible[S any] interface {
	*S
	genruntime.ARMTransformer
}

// RunARMRoundTrip checks, over random values of S, that S -> ConvertToARM -> JSON -> the wire
// type -> PopulateFromARM gives S back, but for what ARM cannot return: secrets and config-map
// values (never read back), references (read back as the ARM IDs they resolved to), the
// operator's own settings and conditions (never sent), and azureName (the last segment of the
// name ARM reports).
func RunARMRoundTrip[S any, PS ARMConvertible[S]](t *testing.T, gen func(*rapid.T) S) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		subject := gen(t)
		resolved := Resolve(&subject)
		wire, err := PS(&subject).ConvertToARM(resolved)
		if err != nil {
			t.Fatalf("ConvertToARM: %v", err)
		}
		data, err := json.Marshal(wire)
		if err != nil {
			t.Fatalf("encoding the ARM value: %v", err)
		}
		empty := PS(new(S)).NewEmptyARMValue()
		if err := json.Unmarshal(data, empty); err != nil {
			t.Fatalf("decoding %s: %v", data, err)
		}
		var actual S
		if err := PS(&actual).PopulateFromARM(ownerOf(&subject), empty); err != nil {
			t.Fatalf("PopulateFromARM: %v", err)
		}
		ExpectFromARM(&subject, resolved)
		ExpectFromARM(&actual, resolved)
		Equal(t, "after ConvertToARM, JSON and PopulateFromARM", subject, actual)
	})
}

// Resolve returns the details ConvertToARM needs for subject: every reference, secret and
// config-map reference in it mapped to a value made from it, and its azureName as the name.
func Resolve(subject any) genruntime.ConvertToARMResolvedDetails {
	d := genruntime.ConvertToARMResolvedDetails{
		ResolvedReferences: map[genruntime.ResourceReference]string{},
		ResolvedSecrets:    map[genruntime.SecretReference]string{},
		ResolvedSecretMaps: map[genruntime.SecretMapReference]map[string]string{},
		ResolvedConfigMaps: map[genruntime.ConfigMapReference]string{},
	}
	walk(reflect.ValueOf(subject), func(v reflect.Value) bool {
		switch x := v.Interface().(type) {
		case genruntime.ResourceReference:
			d.ResolvedReferences[x] = resolvedID(x)
		case genruntime.SecretReference:
			d.ResolvedSecrets[x] = "secret:" + x.Name + "/" + x.Key
		case genruntime.SecretMapReference:
			d.ResolvedSecretMaps[x] = map[string]string{"key": "secret:" + x.Name}
		case genruntime.ConfigMapReference:
			d.ResolvedConfigMaps[x] = "configmap:" + x.Name + "/" + x.Key
		default:
			return true
		}
		return false
	})
	if v := reflect.ValueOf(subject).Elem(); v.Kind() == reflect.Struct {
		if f := v.FieldByName("AzureName"); f.IsValid() && f.Kind() == reflect.String {
			d.Name = f.String()
		}
	}
	return d
}

// resolvedID is the ARM ID a reference resolves to in a test: its own for an ARM reference.
func resolvedID(ref genruntime.ResourceReference) string {
	if ref.IsDirectARMReference() {
		return ref.ARMID
	}
	return "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Test/" + ref.Group + "/" + ref.Kind + "/" + ref.Name
}

// ExpectFromARM changes subject (a pointer) into what reading it back from ARM gives: see
// RunARMRoundTrip. A property beside its <name>FromConfig twin reads back what was sent: the
// twin's value when the twin is set.
func ExpectFromARM(subject any, resolved genruntime.ConvertToARMResolvedDetails) {
	walk(reflect.ValueOf(subject), func(v reflect.Value) bool {
		if v.Kind() == reflect.Struct {
			fromConfigPairs(v, resolved)
		}
		return true
	})
	walk(reflect.ValueOf(subject), func(v reflect.Value) bool {
		switch v.Type() {
		case resourceReferenceType:
			ref := v.Interface().(genruntime.ResourceReference)
			id, ok := resolved.ResolvedReferences[ref]
			if !ok {
				id = resolvedID(ref)
			}
			v.Set(reflect.ValueOf(genruntime.ResourceReference{ARMID: id}))
			return false
		case wellKnownReferenceType:
			// What was sent (the name, or the ID the reference resolved to) is what Azure answers.
			ref := v.Interface().(genruntime.WellKnownResourceReference)
			sent := ref.WellKnownName
			if sent == "" {
				id, ok := resolved.ResolvedReferences[ref.ResourceReference]
				if !ok {
					id = resolvedID(ref.ResourceReference)
				}
				sent = id
			}
			v.Set(reflect.ValueOf(genruntime.WellKnownReferenceFromARM(sent)))
			return false
		}
		if v.Kind() == reflect.Slice || v.Kind() == reflect.Map {
			emptyNestedCollections(v)
		}
		if v.Kind() != reflect.Struct {
			return true
		}
		for i := range v.NumField() {
			f, sf := v.Field(i), v.Type().Field(i)
			switch {
			case sf.Name == "OperatorSpec" || sf.Name == "Conditions" || holdsUnreadable(sf.Type):
				f.Set(reflect.Zero(sf.Type))
			case sf.Name == "AzureName" && f.Kind() == reflect.String:
				f.SetString(genruntime.NameFromARM(f.String()))
			case sf.Name == "Owner" && f.Kind() == reflect.Pointer && f.IsNil():
				f.Set(reflect.New(sf.Type.Elem()))
			}
		}
		return true
	})
	// Once every reference is an ARM ID, keyed lists can be put in the wire's order.
	walk(reflect.ValueOf(subject), func(v reflect.Value) bool {
		if v.Kind() == reflect.Slice && isKeyedItem(v.Type().Elem()) {
			sortKeyedItems(v)
		}
		return true
	})
}

// emptyNestedCollections makes the nil lists and maps held in list or map v empty: ConvertToARM
// sends them so (a list on the wire holds no null), and they come back empty.
func emptyNestedCollections(v reflect.Value) {
	et := v.Type().Elem()
	var empty reflect.Value
	switch et.Kind() {
	case reflect.Slice:
		empty = reflect.MakeSlice(et, 0, 0)
	case reflect.Map:
		empty = reflect.MakeMap(et)
	default:
		return
	}
	if v.Kind() == reflect.Slice {
		for i := range v.Len() {
			if v.Index(i).IsNil() {
				v.Index(i).Set(empty)
			}
		}
		return
	}
	for _, k := range v.MapKeys() {
		if v.MapIndex(k).IsNil() {
			v.SetMapIndex(k, empty)
		}
	}
}

// isKeyedItem tells the item of a list that is a map keyed by reference on the wire: a struct
// holding just its Reference.
func isKeyedItem(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.NumField() != 1 {
		return false
	}
	f := t.Field(0)
	return f.Name == "Reference" && f.Type == reflect.TypeFor[*genruntime.ResourceReference]()
}

// sortKeyedItems orders a keyed list by ARM ID and drops items with the same one: on the wire
// it is a map, which has neither order nor duplicate keys. References must be ARM IDs already.
func sortKeyedItems(v reflect.Value) {
	id := func(i int) string {
		if r := v.Index(i).Field(0); !r.IsNil() {
			return r.Interface().(*genruntime.ResourceReference).ARMID
		}
		return ""
	}
	items := make([]reflect.Value, v.Len())
	for i := range items {
		items[i] = reflect.New(v.Type().Elem()).Elem()
		items[i].Set(v.Index(i))
	}
	ids := make([]string, len(items))
	for i := range ids {
		ids[i] = id(i)
	}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ids[order[a]] < ids[order[b]] })
	out := reflect.MakeSlice(v.Type(), 0, len(items))
	for n, i := range order {
		if n > 0 && ids[i] == ids[order[n-1]] {
			continue
		}
		out = reflect.Append(out, items[i])
	}
	v.Set(out)
}

// configMapPairTag pairs a property with its <name>FromConfig twin (a *ConfigMapReference):
// ConvertToARM sends the twin's value in the property's place when it is set.
const configMapPairTag = "optionalConfigMapPair"

// fromConfigPairs sets, in struct v, each property whose twin is set to the twin's value.
func fromConfigPairs(v reflect.Value, resolved genruntime.ConvertToARMResolvedDetails) {
	for i := range v.NumField() {
		sf := v.Type().Field(i)
		plain, ok := sf.Tag.Lookup(configMapPairTag)
		if !ok || plain == sf.Name || sf.Type != reflect.TypeFor[*genruntime.ConfigMapReference]() || v.Field(i).IsNil() {
			continue
		}
		ref := *v.Field(i).Interface().(*genruntime.ConfigMapReference)
		value := resolved.ResolvedConfigMaps[ref]
		if f := v.FieldByName(plain); f.IsValid() && f.Type() == reflect.TypeFor[*string]() {
			f.Set(reflect.ValueOf(&value))
		}
	}
}

// ownerOf is the owner a resource's spec names, as PopulateFromARM takes it.
func ownerOf(subject any) genruntime.ArbitraryOwnerReference {
	v := reflect.ValueOf(subject).Elem()
	if v.Kind() != reflect.Struct {
		return genruntime.ArbitraryOwnerReference{}
	}
	switch o := v.FieldByName("Owner"); {
	case !o.IsValid() || o.Kind() != reflect.Pointer || o.IsNil():
	case o.Type() == reflect.TypeFor[*genruntime.KnownResourceReference]():
		k := o.Interface().(*genruntime.KnownResourceReference)
		return genruntime.ArbitraryOwnerReference{Name: k.Name, ARMID: k.ARMID}
	case o.Type() == reflect.TypeFor[*genruntime.ArbitraryOwnerReference]():
		return *o.Interface().(*genruntime.ArbitraryOwnerReference)
	}
	return genruntime.ArbitraryOwnerReference{}
}

var (
	resourceReferenceType  = reflect.TypeFor[genruntime.ResourceReference]()
	wellKnownReferenceType = reflect.TypeFor[genruntime.WellKnownResourceReference]()
	secretReferenceType    = reflect.TypeFor[genruntime.SecretReference]()
	secretMapReferenceType = reflect.TypeFor[genruntime.SecretMapReference]()
	configMapReferenceType = reflect.TypeFor[genruntime.ConfigMapReference]()
)

// holdsUnreadable tells a type that holds a secret or config-map reference, which ARM never
// returns.
func holdsUnreadable(t reflect.Type) bool {
	for {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Array:
			t = t.Elem()
			continue
		}
		return t == secretReferenceType || t == secretMapReferenceType || t == configMapReferenceType
	}
}

// walk visits v and, while visit says so, what it holds; values it visits can be set (map
// values are set back after the visit).
func walk(v reflect.Value, visit func(reflect.Value) bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), visit)
		}
		return
	}
	if v.CanSet() || v.CanAddr() {
		if !visit(v) {
			return
		}
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), visit)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walk(v.Index(i), visit)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			item := reflect.New(v.Type().Elem()).Elem()
			item.Set(v.MapIndex(k))
			walk(item, visit)
			v.SetMapIndex(k, item)
		}
	}
}
