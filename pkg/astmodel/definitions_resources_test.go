package astmodel

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// corpusLikeDefinitions is shaped as a whole-corpus graph: packages of many objects with a
// resource here and there.
func corpusLikeDefinitions(packages, perPackage int) Definitions {
	ds := make(Definitions)
	for p := range packages {
		pkg := PackageReference{Path: fmt.Sprintf("github.com/armgen/armgen/generated/group%03d/v1api2021", p), Name: "v1api2021"}
		for i := range perPackage {
			n := TypeName{Package: pkg, Name: fmt.Sprintf("Type%03d", i)}
			var t Type = NewObjectType()
			if i%50 == 7 {
				t = &ResourceType{}
			}
			ds[n] = Definition{Name: n, Type: t}
		}
	}
	return ds
}

// Resources are the resource definitions in name order: as filtering Sorted() gives them.
func TestDefinitionsResourcesInNameOrder(t *testing.T) {
	ds := corpusLikeDefinitions(20, 120)
	var want []TypeName
	for _, d := range ds.Sorted() {
		if _, ok := d.Type.(*ResourceType); ok {
			want = append(want, d.Name)
		}
	}
	var got []TypeName
	for _, d := range ds.Resources() {
		got = append(got, d.Name)
	}
	if len(want) == 0 {
		t.Fatal("the fixture has no resources")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("Resources() (-filtered Sorted() +got):\n%s", diff)
	}
}

func BenchmarkDefinitionsResources(b *testing.B) {
	ds := corpusLikeDefinitions(400, 120)
	b.ReportAllocs()
	for range b.N {
		_ = ds.Resources()
	}
}
