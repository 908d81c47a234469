package golang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/dst"

	"github.com/armgen/armgen/pkg/astmodel"
)

// typesFileName holds the definitions that no resource reaches.
const typesFileName = "types_gen.go"

// filePlan is one types file: which definitions it holds, in order.
type filePlan struct {
	name string
	defs []astmodel.Definition
}

// decls renders the plan's definitions.
func (p filePlan) decls(fb *fileBuilder) ([]dst.Decl, error) {
	var decls []dst.Decl
	for _, def := range p.defs {
		ds, err := fb.definitionDecls(def)
		if err != nil {
			return nil, err
		}
		decls = append(decls, ds...)
	}
	return decls, nil
}

// planFiles spreads the package's definitions over files: one per resource (in kind order),
// holding the resource and then what it reaches that an earlier file does not hold yet, spec and
// status first; the rest go to types_gen.go. A reader then finds a resource's types next to it,
// and each definition is written exactly once.
func planFiles(pkgDefs astmodel.Definitions) ([]filePlan, error) {
	resources := pkgDefs.Resources()
	placed := make(map[astmodel.TypeName]bool, len(pkgDefs))
	for _, r := range resources {
		placed[r.Name] = true
		// The list type is declared beside the resource, so nothing else may take its name.
		list := r.Name.WithName(listName(r.Name.Name))
		if _, clash := pkgDefs[list]; clash {
			return nil, fmt.Errorf("definition %s clashes with the list type of resource %s", list.Name, r.Name.Name)
		}
	}

	var plans []filePlan
	// earlier holds what files before the one being planned took: all they reach is placed.
	earlier := make(map[astmodel.TypeName]bool, len(pkgDefs))
	fileOf := make(map[string]string, len(resources))
	take := func(plan *filePlan, n astmodel.TypeName) {
		if def, ok := pkgDefs[n]; ok && !placed[n] {
			placed[n] = true
			plan.defs = append(plan.defs, def)
		}
	}
	for _, r := range resources {
		name := strings.ToLower(r.Name.Name) + "_types_gen.go"
		if other, clash := fileOf[name]; clash {
			return nil, fmt.Errorf("resources %s and %s would share file %s", other, r.Name.Name, name)
		}
		fileOf[name] = r.Name.Name

		plan := filePlan{name: name, defs: []astmodel.Definition{r}}
		rt := r.Type.(*astmodel.ResourceType)
		take(&plan, rt.Spec)
		take(&plan, rt.Status)
		for _, n := range sortedNames(reachableBeyond(pkgDefs, []astmodel.TypeName{r.Name}, earlier)) {
			take(&plan, n)
		}
		for _, d := range plan.defs {
			earlier[d.Name] = true
		}
		plans = append(plans, plan)
	}

	rest := filePlan{name: typesFileName}
	for _, n := range pkgDefs.Names() {
		take(&rest, n)
	}
	if len(rest.defs) > 0 {
		plans = append(plans, rest)
	}
	return plans, nil
}

// reachableBeyond is astmodel.Reachable from roots, but it does not go on through the names
// of done, which are placed with all they reach: what it leaves out is placed already, so each
// file takes what it took before. Going through every resource's whole graph again, when
// resources share most of it, was most of planning a package's files.
func reachableBeyond(ds astmodel.Definitions, roots []astmodel.TypeName, done map[astmodel.TypeName]bool) map[astmodel.TypeName]bool {
	seen := make(map[astmodel.TypeName]bool)
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] || done[n] {
			continue
		}
		seen[n] = true
		if d, ok := ds[n]; ok {
			stack = append(stack, astmodel.References(d.Type)...)
		}
	}
	return seen
}

// sortedNames returns the names of a set in name order.
func sortedNames(set map[astmodel.TypeName]bool) []astmodel.TypeName {
	names := make([]astmodel.TypeName, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b astmodel.TypeName) int {
		if a.Less(b) {
			return -1
		}
		if b.Less(a) {
			return 1
		}
		return 0
	})
	return names
}
