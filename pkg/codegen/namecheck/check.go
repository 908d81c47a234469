// Package namecheck catches names that would make uncompilable Go or an ambiguous CRD, before
// conversions are planned between versions, so a clash gets a message that says what to change.
package namecheck

import (
	"fmt"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Check fails on a type named like a resource's list type or like a kind of its group, two properties of one object with the
// same Go or JSON name, or a property whose Go name is that of a method the emitter generates.
// Each error names where the properties come from (file#pointer) and the setting that fixes it.
func Check(defs astmodel.Definitions) error {
	for _, d := range defs.Resources() {
		list := d.Name.WithName(astmodel.ListName(d.Name.Name))
		if other, ok := defs[list]; ok {
			return fmt.Errorf("type %s (from %s) clashes with the list type of resource %s; rename it with $renameTo in azure-arm.yaml", list, other.Source, d.Name)
		}
	}
	if err := checkKindNames(defs); err != nil {
		return err
	}
	for _, d := range defs.Sorted() {
		obj, ok := d.Type.(*astmodel.ObjectType)
		if !ok {
			continue
		}
		byGo := make(map[string]*astmodel.Property)
		byJSON := make(map[string]*astmodel.Property)
		for _, p := range obj.Properties() {
			if astmodel.IsGeneratedMethodIn(d.Name.Package, p.Name) {
				return fmt.Errorf("%s: property %s of %s has the Go name of a generated method, which would not compile; %s",
					where(p), p.JSONName, d.Name, renameAdvice(p, p.JSONName+astmodel.MethodClashSuffix))
			}
			if prev, dup := byGo[p.Name]; dup {
				return clash(d.Name, "Go", p.Name, prev, p)
			}
			if prev, dup := byJSON[p.JSONName]; dup {
				return clash(d.Name, "JSON", p.JSONName, prev, p)
			}
			byGo[p.Name], byJSON[p.JSONName] = p, p
		}
	}
	return nil
}

func clash(obj astmodel.TypeName, kind, name string, a, b *astmodel.Property) error {
	return fmt.Errorf("%s: %s has two properties with the %s name %q (%s and %s; from %s and %s); %s",
		where(b), obj, kind, name, a.Name, b.Name, where(a), where(b), renameAdvice(b, b.JSONName+"2"))
}

// where is the swagger file and JSON pointer a property comes from, or its name when the
// generator made it.
func where(p *astmodel.Property) string {
	if p.Source != "" {
		return p.Source
	}
	return "generated property " + p.Name
}

// renameAdvice names the setting that renames p: $renameTo under the swagger definition that
// declares it, keyed by its wire name.
func renameAdvice(p *astmodel.Property, suggestion string) string {
	def, prop := definitionOf(p.Source)
	if def == "" || p.ARMName == "" {
		return "rename one with $renameTo in azure-arm.yaml"
	}
	if prop == "" {
		prop = p.ARMName
	}
	return fmt.Sprintf("rename it in azure-arm.yaml: under the group and api-version, %s: {%s: {$renameTo: %s}}", def, prop, suggestion)
}

// definitionOf reads the definition and property names out of file#/definitions/D/properties/P.
func definitionOf(source string) (def, prop string) {
	_, ptr, ok := strings.Cut(source, "#")
	if !ok {
		return "", ""
	}
	segs := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	if len(segs) < 2 || segs[0] != "definitions" {
		return "", ""
	}
	def = unescape(segs[1])
	if len(segs) >= 4 && segs[2] == "properties" {
		prop = unescape(segs[3])
	}
	return def, prop
}

func unescape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// checkKindNames fails on a type, other than the kind itself, named like a kind of its group in
// any of the group's packages but the wire types': controller-gen takes such a type for the
// kind's schema in that package's version, so the kind's CRD would gain a version it does not
// have. split-spec-status names swagger types clear of kinds; this catches a $renameTo onto one.
func checkKindNames(defs astmodel.Definitions) error {
	kinds := make(map[string]map[string]astmodel.TypeName)
	for _, d := range defs.Resources() {
		g := d.Name.Package.Group
		if kinds[g] == nil {
			kinds[g] = make(map[string]astmodel.TypeName)
		}
		kinds[g][d.Name.Name] = d.Name
	}
	for _, d := range defs.Sorted() {
		if d.Name.Package.ARM || !d.Name.Package.IsAPI() {
			continue
		}
		if _, isResource := d.Type.(*astmodel.ResourceType); isResource {
			continue
		}
		if kind, ok := kinds[d.Name.Package.Group][d.Name.Name]; ok {
			from := d.Source
			if from == "" {
				from = "generated"
			}
			return fmt.Errorf("type %s (from %s) is named like the kind %s of its group, which controller-gen would take for a version of that kind; rename it with $renameTo in azure-arm.yaml (e.g. %s)",
				d.Name, from, kind, d.Name.Name+astmodel.ClashSuffix)
		}
	}
	return nil
}
