// Package conversions decides how versions of a kind convert: each kind's hub and the path of
// every version to it (graph.go), and the property assignments along that path (plan.go,
// value.go).
package conversions

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/consumed"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// Graph decides, for every resource kind, its hub: the storage twin of the newest stable
// version (newest preview when there is no stable one), or of the version whose entry in
// azure-arm.yaml says $isHub: true. Each API version converts through its storage twin; each
// storage twin converts to the hub. The resource definitions come back with IsStorageVersion
// set on the one version the API server stores (storedVersion says which). read holds the
// config paths of the settings it read.
func Graph(cfg *config.Config, defs astmodel.Definitions, exps selection.Exports) (_ *astmodel.ConversionGraph, _ astmodel.Definitions, read []string, _ error) {
	byName := make(map[astmodel.TypeName]*selection.Export, len(exps))
	for _, e := range exps {
		byName[e.Name()] = e
		if e.Config != nil {
			read = append(read, consumed.Paths(e.Config.Path, "$isHub")...)
		}
	}
	kinds := make(map[astmodel.GroupKind][]astmodel.TypeName)
	for _, d := range defs.Resources() {
		if d.Name.Package.IsAPI() && !d.Name.Package.Storage {
			gk := astmodel.GroupKind{Group: d.Name.Package.Group, Kind: d.Name.Name}
			kinds[gk] = append(kinds[gk], d.Name)
		}
	}

	graph := astmodel.NewConversionGraph()
	var changed []astmodel.Definition
	// In kind order, so that of several misconfigured kinds the same one is reported every run.
	for _, gk := range slices.SortedFunc(maps.Keys(kinds), compareGroupKinds) {
		versions := kinds[gk]
		hub, err := chooseHub(cfg, gk, versions, defs, byName)
		if err != nil {
			return nil, nil, nil, err
		}
		twins := make(map[astmodel.TypeName]astmodel.TypeName, len(versions))
		stored := storedVersion(versions, hub)
		for _, v := range versions {
			twin := v.Package.StorageTwin().TypeName(v.Name)
			if _, ok := defs[twin]; !ok {
				return nil, nil, nil, fmt.Errorf("%s has no storage twin %s", v, twin)
			}
			twins[v] = twin
			for _, n := range []astmodel.TypeName{v, twin} {
				r := defs[n].Type.(*astmodel.ResourceType).With()
				r.IsStorageVersion = n == stored
				changed = append(changed, defs[n].WithType(r))
			}
		}
		if err := graph.AddKind(gk, twins, hub.Package.StorageTwin().TypeName(hub.Name)); err != nil {
			return nil, nil, nil, err
		}
	}
	if err := checkStorageImports(graph); err != nil {
		return nil, nil, nil, err
	}
	return graph, defs.With(changed...), read, nil
}

// storedVersion is the version of a kind the API server stores: the hub, when the kind has two
// or more API versions to convert between; the API version itself, when it has one. Every
// version a CRD lists costs the API server a storage, a watch cache and codecs of its own
// (served or not), and every write of an object read at another version is converted by the
// webhook for each of them; a kind with one API version needs none of that, so its CRD lists
// that version alone. Its storage twin is still generated and stays the hub in Go (the
// conversion webhook converts objects a cluster stored at it under an earlier layout).
func storedVersion(versions []astmodel.TypeName, hub astmodel.TypeName) astmodel.TypeName {
	if len(versions) == 1 {
		return versions[0]
	}
	return hub.Package.StorageTwin().TypeName(hub.Name)
}

// chooseHub picks the API version whose storage twin is the hub of a kind.
func chooseHub(cfg *config.Config, gk astmodel.GroupKind, versions []astmodel.TypeName, defs astmodel.Definitions, byName map[astmodel.TypeName]*selection.Export) (astmodel.TypeName, error) {
	var chosen []astmodel.TypeName
	for _, v := range versions {
		if e := byName[v]; e != nil && e.Config != nil && e.Config.IsHub {
			chosen = append(chosen, v)
		}
	}
	switch len(chosen) {
	case 1:
		return chosen[0], nil
	case 0:
	default:
		slices.SortFunc(chosen, func(a, b astmodel.TypeName) int { return strings.Compare(a.Package.Version, b.Package.Version) })
		e := byName[chosen[1]]
		return astmodel.TypeName{}, config.NewError(cfg, e.Config.Path+".$isHub", e.Config.Pos,
			fmt.Sprintf("%s already has its hub in %s; $isHub may be set on one version of a kind only", gk, chosen[0].Package.Version), "")
	}
	stable := func(n astmodel.TypeName) bool {
		r := defs[n].Type.(*astmodel.ResourceType)
		if e := byName[n]; e != nil && !e.Resource.Stable {
			return false
		}
		return !astmodel.IsPreview(r.APIVersion)
	}
	best := versions[0]
	for _, v := range versions[1:] {
		bv, vv := defs[best].Type.(*astmodel.ResourceType).APIVersion, defs[v].Type.(*astmodel.ResourceType).APIVersion
		if stable(v) != stable(best) {
			if stable(v) {
				best = v
			}
			continue
		}
		if vv > bv {
			best = v
		}
	}
	return best, nil
}

// checkStorageImports refuses a graph in which two storage packages would import each other,
// which Go cannot compile: that takes hubs chosen against the version order with $isHub.
func checkStorageImports(g *astmodel.ConversionGraph) error {
	type edge struct{ from, to astmodel.PackageReference }
	seen := make(map[edge]astmodel.GroupKind)
	for _, kv := range g.Kinds() {
		for _, r := range kv.Resources {
			next, ok := g.Next(r)
			if !ok || !r.Package.Storage || next.Package == r.Package {
				continue
			}
			if back, ok := seen[edge{next.Package, r.Package}]; ok {
				return fmt.Errorf("storage packages %s and %s would import each other: %s converts from the first to the second, %s the other way; choose hubs in one direction ($isHub)", r.Package, next.Package, kv.GroupKind, back)
			}
			seen[edge{r.Package, next.Package}] = kv.GroupKind
		}
	}
	return nil
}

func compareGroupKinds(a, b astmodel.GroupKind) int {
	if c := strings.Compare(a.Group, b.Group); c != 0 {
		return c
	}
	return strings.Compare(a.Kind, b.Kind)
}
