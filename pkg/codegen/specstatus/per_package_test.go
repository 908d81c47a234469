package specstatus

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

var pkg2 = astmodel.MakeAPIPackage("example.com/apis", "other", "v1api20210101")

// serialSplit is Split as one walk over every export in order, the result splitPerPackage must
// reproduce.
func serialSplit(raw astmodel.Definitions, exps selection.Exports) astmodel.Definitions {
	sp := newSplitter(raw, nil)
	for _, e := range exps {
		sp.reserve(e)
	}
	sp.exports(exps, exportedKinds(exps))
	for n, d := range raw {
		if _, isRaw := sp.rawPackage(n); !isRaw {
			sp.out[n] = d
		}
	}
	return sp.out
}

// inPkg2 moves an export and its raw body to pkg2.
func inPkg2(e *selection.Export) *selection.Export {
	e.Pkg = pkg2
	e.Body, e.Response = pkg2.TypeName(e.Body.Name), pkg2.TypeName(e.Response.Name)
	e.Bodies = map[astmodel.TypeName]bool{e.Body: true}
	return e
}

// TestSplitPerPackageIsTheSerialWalk: packages whose raw types stay in their package are split
// apart, in parallel, with the serial walk's result; a package whose export reaches a raw type of
// another package is not, and Split then gives the serial walk's result too.
func TestSplitPerPackageIsTheSerialWalk(t *testing.T) {
	own := definitions(
		object("Widget", prop("name", optString), prop("properties", opt("Props"), flatten), prop("id", optString, readOnly)),
		object("Props", prop("size", optInt), prop("colour", optString)),
		astmodel.Definition{Name: pkg2.TypeName("Gadget"), Type: astmodel.NewObjectType(prop("name", optString), prop("props", astmodel.OptionalType{Element: pkg2.TypeName("Props")}))},
		astmodel.Definition{Name: pkg2.TypeName("Props"), Type: astmodel.NewObjectType(prop("weight", optInt))},
	)
	cross := definitions(
		object("Widget", prop("name", optString), prop("properties", opt("Props"), flatten)),
		object("Props", prop("size", optInt)),
		// Gadget (pkg2) holds pkg's Props.
		astmodel.Definition{Name: pkg2.TypeName("Gadget"), Type: astmodel.NewObjectType(prop("name", optString), prop("props", opt("Props")))},
	)
	for _, c := range []struct {
		name     string
		raw      astmodel.Definitions
		perPkgOK bool
	}{{"each package its own", own, true}, {"a package reaching into another", cross, false}} {
		t.Run(c.name, func(t *testing.T) {
			exps := selection.Exports{export("Widget", "Widget"), inPkg2(export("Gadget", "Gadget"))}
			want := serialSplit(c.raw, exps)
			shared := newSplitter(c.raw, nil)
			for _, e := range exps {
				shared.reserve(e)
			}
			if _, ok := splitPerPackage(shared, exps, exportedKinds(exps)); ok != c.perPkgOK {
				t.Errorf("split per package: %v, want %v", ok, c.perPkgOK)
			}
			got := Split(c.raw, exps)
			if diff := cmp.Diff(names(want), names(got)); diff != "" {
				t.Fatalf("definitions differ from the serial walk (-want +got):\n%s", diff)
			}
			for n, d := range want {
				if got[n].Type.String() != d.Type.String() {
					t.Errorf("%s: %s, want %s", n, got[n].Type, d.Type)
				}
			}
		})
	}
}

func names(defs astmodel.Definitions) []string {
	var out []string
	for n := range defs {
		out = append(out, n.String())
	}
	slices.Sort(out)
	return out
}
