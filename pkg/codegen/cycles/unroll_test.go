package cycles

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/pkg/astmodel"
)

var pkg = astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")

func tn(name string) astmodel.TypeName { return pkg.TypeName(name) }

func prop(name string, t astmodel.Type) *astmodel.Property {
	return &astmodel.Property{Name: name, JSONName: astmodel.JSONName(name), Type: t}
}

func ptr(name string) astmodel.Type { return astmodel.OptionalType{Element: tn(name)} }

func list(name string) astmodel.Type { return astmodel.ArrayType{Element: tn(name)} }

func object(name string, props ...*astmodel.Property) astmodel.Definition {
	return astmodel.Definition{Name: tn(name), Type: astmodel.NewObjectType(props...)}
}

// model is a resource Widget whose spec is Widget_Spec, with the given other definitions.
func model(defs ...astmodel.Definition) astmodel.Definitions {
	return astmodel.Definitions{}.With(append(defs,
		astmodel.Definition{Name: tn("Widget"), Type: &astmodel.ResourceType{Spec: tn("Widget_Spec"), Status: tn("Widget_STATUS")}},
		object("Widget_STATUS"),
	)...)
}

// describe renders every object as its properties' names and types, for comparison.
func describe(defs astmodel.Definitions) map[string]string {
	out := make(map[string]string)
	for _, d := range defs.Sorted() {
		if _, ok := d.Type.(*astmodel.ObjectType); ok {
			out[d.Name.Name] = d.Type.String()
		}
	}
	return out
}

func TestBreak(t *testing.T) {
	name := func(n string) string { return tn(n).String() }
	cases := []struct {
		name string
		in   astmodel.Definitions
		// want describes every object afterwards (see describe).
		want map[string]string
		// unrolled are the copies made, each from the type it copies.
		unrolled map[string]string
	}{
		{
			name: "self-recursive",
			in: model(
				object("Widget_Spec", prop("Root", ptr("Node"))),
				object("Node", prop("Children", list("Node")), prop("Label", astmodel.StringType)),
			),
			want: map[string]string{
				"Widget_Spec":   "{Root *" + name("Node") + "}",
				"Node":          "{Children []" + name("Node_Unrolled") + "; Label string}",
				"Node_Unrolled": "{Label string}",
				"Widget_STATUS": "{}",
			},
			unrolled: map[string]string{"Node_Unrolled": "Node"},
		},
		{
			name: "mutually recursive",
			in: model(
				object("Widget_Spec", prop("First", ptr("A"))),
				object("A", prop("B", ptr("B")), prop("X", astmodel.IntType)),
				object("B", prop("A", ptr("A")), prop("Y", astmodel.IntType)),
			),
			want: map[string]string{
				"Widget_Spec":   "{First *" + name("A") + "}",
				"A":             "{B *" + name("B") + "; X int}",
				"B":             "{A *" + name("A_Unrolled") + "; Y int}",
				"A_Unrolled":    "{X int}",
				"Widget_STATUS": "{}",
			},
			unrolled: map[string]string{"A_Unrolled": "A"},
		},
		{
			name: "a recursive type met twice is unrolled once",
			in: model(
				object("Widget_Spec", prop("First", ptr("Node")), prop("Second", list("Node"))),
				object("Node", prop("Next", ptr("Node")), prop("Label", astmodel.StringType)),
			),
			want: map[string]string{
				"Widget_Spec":   "{First *" + name("Node") + "; Second []" + name("Node") + "}",
				"Node":          "{Label string; Next *" + name("Node_Unrolled") + "}",
				"Node_Unrolled": "{Label string}",
				"Widget_STATUS": "{}",
			},
			unrolled: map[string]string{"Node_Unrolled": "Node"},
		},
		{
			// Leaf is reached twice, through Mid and directly, but never from itself.
			name: "acyclic with shared types",
			in: model(
				object("Widget_Spec", prop("Leaf", ptr("Leaf")), prop("Mid", ptr("Mid"))),
				object("Mid", prop("Leaf", ptr("Leaf")), prop("Leaves", astmodel.MapType{Key: astmodel.StringType, Value: tn("Leaf")})),
				object("Leaf", prop("Label", astmodel.StringType)),
			),
			want: map[string]string{
				"Widget_Spec":   "{Leaf *" + name("Leaf") + "; Mid *" + name("Mid") + "}",
				"Mid":           "{Leaf *" + name("Leaf") + "; Leaves map[string]" + name("Leaf") + "}",
				"Leaf":          "{Label string}",
				"Widget_STATUS": "{}",
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := Break(context.Background(), c.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, describe(out)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			for n, d := range out {
				from, isCopy := c.unrolled[n.Name]
				switch {
				case isCopy && (d.Origin.Derivation != astmodel.Unrolled || d.Origin.From != tn(from)):
					t.Errorf("%s has origin %+v, want unrolled from %s", n.Name, d.Origin, from)
				case !isCopy && (d.Origin.Derivation != "" || d.Origin.From != astmodel.TypeName{} || d.Origin.LeftOut != nil):
					t.Errorf("%s has origin %+v", n.Name, d.Origin)
				}
				if isCopy {
					if diff := cmp.Diff(leftOut(out, tn(from), d), names(d.Origin.LeftOut)); diff != "" {
						t.Errorf("%s: the properties it records as left out differ from those it lacks (-lacks +recorded):\n%s", n.Name, diff)
					}
				}
			}
			if len(c.unrolled) == 0 && !cmp.Equal(c.in, out, cmp.Comparer(func(a, b *astmodel.ObjectType) bool { return a == b })) {
				t.Error("an acyclic graph was rebuilt; its definitions should come back as they were")
			}
		})
	}
}

// TestBreakLeavesInputAlone: definitions are shared between stages, so Break must not change its
// argument.
func TestBreakLeavesInputAlone(t *testing.T) {
	in := model(
		object("Widget_Spec", prop("Root", ptr("Node"))),
		object("Node", prop("Children", list("Node"))),
	)
	before := describe(in)
	if _, err := Break(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, describe(in)); diff != "" {
		t.Errorf("the input changed (-before +after):\n%s", diff)
	}
}

// TestBreakUnrolledUnionStaysUnion: the copy of a recursive discriminated union keeps its
// one-of marking and discriminator for the variants that do not recurse, so a nested variant is
// still written on the wire as the variant with its discriminator (issue 26, finding 3: it was
// written as {"kind=leaf": {...}} and read back as nothing).
func TestBreakUnrolledUnionStaysUnion(t *testing.T) {
	variant := func(name string, t astmodel.Type) *astmodel.Property {
		p := prop(name, t)
		p.Variant, p.ARMName = true, "kind="+name
		return p
	}
	node := astmodel.NewObjectType(variant("Group", ptr("Group")), variant("Leaf", ptr("Leaf")))
	node.OneOf, node.Discriminator = true, "kind"
	in := model(
		object("Widget_Spec", prop("Root", ptr("Node"))),
		astmodel.Definition{Name: tn("Node"), Type: node},
		object("Group", prop("Members", list("Node"))),
		object("Leaf", prop("Label", astmodel.StringType)),
	)
	out, err := Break(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	u, ok := out[tn("Node_Unrolled")].Type.(*astmodel.ObjectType)
	if !ok || !u.OneOf || u.Discriminator != "kind" {
		t.Fatalf("Node_Unrolled = %v (discriminator %q), want a union on kind", out[tn("Node_Unrolled")].Type, u.Discriminator)
	}
	if vs := u.Variants(); len(vs) != 1 || vs[0].Name != "Leaf" {
		t.Errorf("Node_Unrolled variants = %v, want only Leaf", vs)
	}
}

// TestBreakUnrolledUnionWithoutVariantsIsPlain: when every variant recurses, the copy has none
// left to choose from, so it cannot be a union.
func TestBreakUnrolledUnionWithoutVariantsIsPlain(t *testing.T) {
	group := prop("Group", ptr("Node"))
	group.Variant = true
	node := astmodel.NewObjectType(group, prop("Leaf", astmodel.StringType))
	node.OneOf = true
	in := model(object("Widget_Spec", prop("Root", ptr("Node"))), astmodel.Definition{Name: tn("Node"), Type: node})
	out, err := Break(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	u, ok := out[tn("Node_Unrolled")].Type.(*astmodel.ObjectType)
	if !ok || u.OneOf {
		t.Errorf("Node_Unrolled = %v, want a plain object", out[tn("Node_Unrolled")].Type)
	}
}

func TestBreakCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Break(ctx, model(object("Widget_Spec"))); err == nil {
		t.Error("a cancelled run went on")
	}
}

// leftOut names the properties of from that copy does not hold.
func leftOut(defs astmodel.Definitions, from astmodel.TypeName, copy astmodel.Definition) []string {
	var out []string
	kept := copy.Type.(*astmodel.ObjectType)
	for _, p := range defs[from].Type.(*astmodel.ObjectType).Properties() {
		if _, ok := kept.Property(p.Name); !ok {
			out = append(out, p.Name)
		}
	}
	return out
}

func names(ps []*astmodel.Property) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}
