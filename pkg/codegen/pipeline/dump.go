package pipeline

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Dumper is side data that can describe itself in a state dump.
type Dumper interface {
	Dump(w io.Writer) error
}

// Dump writes a readable, deterministic picture of the state: the definitions package by
// package, objects one property per line, then every piece of side data that knows how to
// describe itself. Stage goldens are dumps, so the layout aims at diffs that show what a stage
// changed: one fact per line where facts change independently, no column alignment (a longer
// name would realign a whole block), and no descriptions (they would drown the shapes).
func Dump(w io.Writer, s State) error {
	d := &dumper{w: w}
	var pkg astmodel.PackageReference
	for i, def := range s.Definitions().Sorted() {
		if i == 0 || def.Name.Package != pkg {
			if i > 0 {
				d.printf("\n")
			}
			pkg = def.Name.Package
			d.printf("# package %s\n", pkg)
		}
		d.definition(def)
	}
	names := s.SideNames()
	slices.Sort(names)
	for i, n := range names {
		if i > 0 || len(s.Definitions()) > 0 {
			d.printf("\n")
		}
		d.printf("# %s\n", n)
		d.side(s.sideValue(n))
	}
	return d.err
}

// dumper writes to w until the first error, which it keeps, so that the layout code can be
// read without an error check per line.
type dumper struct {
	w   io.Writer
	err error
}

func (d *dumper) printf(format string, args ...any) {
	if d.err == nil {
		_, d.err = fmt.Fprintf(d.w, format, args...)
	}
}

func (d *dumper) side(v any) {
	if d.err != nil {
		return
	}
	switch x := v.(type) {
	case bool:
		d.printf("%v\n", x)
		return
	case string:
		// Only the spec root is a string today: a path on the machine that ran, which a golden
		// must not hold.
		d.printf("(string)\n")
		return
	}
	// A nil pointer satisfies Dumper but most Dump methods dereference it (coverage is nil
	// unless --all).
	if rv := reflect.ValueOf(v); !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
		d.printf("(none)\n")
		return
	}
	if dd, ok := v.(Dumper); ok {
		d.err = dd.Dump(d.w)
		return
	}
	if s, ok := v.(fmt.Stringer); ok {
		d.printf("%s\n", s)
		return
	}
	d.printf("(%T)\n", v)
}

func (d *dumper) definition(def astmodel.Definition) {
	home := def.Name.Package
	origin := ""
	if o := def.Origin; o.Derivation != "" {
		origin = fmt.Sprintf(" (%s from %s)", o.Derivation, typeString(o.From, home))
	}
	switch t := def.Type.(type) {
	case *astmodel.ObjectType:
		d.printf("%s = %s%s\n", def.Name.Name, objectHeader(t), origin)
		for _, p := range t.Properties() {
			d.printf("  %s\n", propertyLine(p, home))
		}
	case *astmodel.ResourceType:
		d.printf("%s = resource %s@%s%s\n", def.Name.Name, t.ARMType, t.APIVersion, origin)
		d.printf("  spec: %s\n", typeString(t.Spec, home))
		d.printf("  status: %s\n", typeString(t.Status, home))
		d.printf("  scope: %s\n", t.Scope)
		if t.OwnerGroup != "" || t.OwnerKind != "" {
			d.printf("  owner: %s/%s\n", t.OwnerGroup, t.OwnerKind)
		}
		if t.FixedAzureName != "" {
			d.printf("  azure name: %s\n", t.FixedAzureName)
		}
		for _, v := range t.AzureGeneratedSecrets {
			d.printf("  secret: %s\n", v)
		}
		for _, v := range t.GeneratedConfigs {
			d.printf("  config: %s\n", v)
		}
		if t.DefaultAzureName != "" {
			d.printf("  default azure name: %s\n", t.DefaultAzureName)
		}
		d.printf("  storage version: %v\n", t.IsStorageVersion)
	default:
		d.printf("%s = %s%s\n", def.Name.Name, typeString(def.Type, home), origin)
	}
}

func objectHeader(o *astmodel.ObjectType) string {
	h := "object"
	if o.OneOf {
		h += " oneOf"
		if o.Reported {
			h += " reported"
		}
		if !o.OnlyVariants() {
			// Beside its variants, the union has properties of its own (a resource's owner).
			var names []string
			for _, p := range o.Variants() {
				names = append(names, p.Name)
			}
			h += " variants=" + strings.Join(names, ",")
		}
	}
	if o.Discriminator != "" {
		h += " discriminator=" + o.Discriminator
	}
	if o.DiscriminatorValue != "" {
		h += " discriminator-value=" + o.DiscriminatorValue
	}
	for _, r := range o.Rules {
		h += fmt.Sprintf(" rule=%q", r.Rule)
	}
	if len(o.Properties()) == 0 {
		h += " {}"
	}
	return h
}

// propertyLine is "GoName jsonName: type [flags]", the flags in a fixed order.
func propertyLine(p *astmodel.Property, home astmodel.PackageReference) string {
	var flags []string
	add := func(cond bool, f string) {
		if cond {
			flags = append(flags, f)
		}
	}
	add(p.Required, "required")
	add(p.ReadOnly, "readonly")
	add(p.Secret, "secret")
	add(p.NotSecret, "not-secret")
	add(p.Provenance.Secret != "", "secret-by="+string(p.Provenance.Secret))
	add(p.ARMReference, "arm-reference")
	add(p.NotARMReference, "not-arm-reference")
	add(p.WellKnownReference, "well-known-reference")
	add(p.Provenance.Reference != "", "reference-by="+string(p.Provenance.Reference))
	add(p.ARMName != "" && p.ARMName != p.JSONName, "arm-name="+p.ARMName)
	add(p.Provenance.Renamed != "", "renamed-by="+string(p.Provenance.Renamed))
	add(p.RenamedFrom != "", "renamed-from="+p.RenamedFrom)
	add(p.Flatten, "flatten")
	add(len(p.FlattenedFrom) > 0, "flattened-from="+strings.Join(p.FlattenedFrom, "."))
	add(len(p.Provenance.NotFlattened) > 0, "not-flattened-for="+strings.Join(p.Provenance.NotFlattened, ","))
	add(p.OtherVariant, "other-variant")
	add(p.ExtraKeys, "extra-keys")
	add(p.ImportConfigMap != "", "configmap="+p.ImportConfigMap)
	add(p.FromConfigOf != "", "from-config-of="+p.FromConfigOf)
	add(p.PairRequired, "pair-required")
	for _, tag := range p.Tags {
		flags = append(flags, fmt.Sprintf("tag %s=%q", tag.Key, tag.Value))
	}
	line := p.Name + " " + p.JSONName + ": " + typeString(p.Type, home)
	if len(flags) > 0 {
		line += " [" + strings.Join(flags, ", ") + "]"
	}
	return line
}

// typeString spells t as seen from the package home: its own types by bare name, other API
// packages by folder (widgets/v1api20210101/storage.Widget_Spec) and external ones by package
// name (genruntime.SecretReference), so that lines stay short and a reference into the wrong
// package stands out.
func typeString(t astmodel.Type, home astmodel.PackageReference) string {
	switch x := t.(type) {
	case astmodel.TypeName:
		switch {
		case x.Package == home:
			return x.Name
		case x.Package.IsAPI():
			return x.Package.String() + "." + x.Name
		}
		return x.Package.Name + "." + x.Name
	case astmodel.OptionalType:
		return "*" + typeString(x.Element, home)
	case astmodel.ArrayType:
		return "[]" + typeString(x.Element, home)
	case astmodel.MapType:
		return "map[" + typeString(x.Key, home) + "]" + typeString(x.Value, home)
	case astmodel.ValidatedType:
		return typeString(x.Element, home) + " " + x.Validations.String()
	case astmodel.EnumType:
		vals := make([]string, len(x.Values))
		for i, v := range x.Values {
			vals[i] = v.Value
			if v.Identifier != v.Value {
				vals[i] = fmt.Sprintf("%s=%q", v.Identifier, v.Value)
			}
		}
		return "enum " + x.Base.String() + " {" + strings.Join(vals, ", ") + "}"
	}
	return t.String()
}
