package selection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/coverage"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// allPath is the config path of entries made up for --all runs, so errors still say where a
// setting came from.
const allPath = "(--all)"

// All makes an entry for every api-version folder of the spec root.
func All(cfg *config.Config, ix *loader.Index) Versions {
	var out Versions
	byKey := make(map[string]*APIVersion)
	for _, d := range ix.Versions {
		key := d.Group + "/" + d.APIVersion
		v, ok := byKey[key]
		if !ok {
			v = &APIVersion{
				Group:  d.Group,
				Config: &config.VersionConfig{APIVersion: d.APIVersion, Path: allPath + "." + d.Group + "." + d.APIVersion},
				Pkg:    astmodel.MakeAPIPackage(cfg.OutputPackage, d.Group, astmodel.VersionName(d.APIVersion)),
			}
			byKey[key] = v
			out = append(out, v)
		}
		v.Dirs = append(v.Dirs, d)
	}
	slices.SortFunc(out, func(a, b *APIVersion) int { return strings.Compare(a.Pkg.Path, b.Pkg.Path) })
	return out
}

// Newest exports, for every resource type, its newest stable api-version (newest preview
// where there is no stable one), and records what it found for the coverage report.
func Newest(versions Versions) (Versions, *coverage.Report) {
	type candidate struct {
		v *APIVersion
		r *loader.Resource
	}
	best := make(map[string]candidate)
	var keys []string
	cov := &coverage.Report{}
	for _, v := range versions {
		for _, r := range v.Catalog.Resources {
			key := v.Group + "/" + strings.ToLower(r.ARMType)
			cur, ok := best[key]
			if !ok {
				keys = append(keys, key)
			}
			if !ok || newer(r, cur.r) {
				best[key] = candidate{v, r}
			}
		}
	}
	slices.Sort(keys)
	// Paths skipped in some version whose resource type is generated (from that version's other
	// paths, or another version) lose nothing; only the rest are reported.
	for _, v := range versions {
		for _, sk := range v.Catalog.Skipped {
			if sk.ARMType != "" {
				if _, generated := best[v.Group+"/"+strings.ToLower(sk.ARMType)]; generated {
					if sk.Duplicate {
						cov.Alias(namespaceOf(sk.Path, v), sk, v.Config.APIVersion)
					}
					continue
				}
			}
			cov.SkipPath(namespaceOf(sk.Path, v), sk, v.Config.APIVersion)
		}
	}
	// Two resource types can map to one kind (api-version-sets, renamed apiVersionSets later):
	// the one with the newer api-version is generated.
	chosen := make(map[string]candidate) // group/kind -> candidate
	var gks []string
	for _, k := range keys {
		c := best[k]
		cov.Discovered(c.r)
		gk := c.v.Group + "/" + kindOf(c.r)
		other, taken := chosen[gk]
		switch {
		case !taken:
			chosen[gk] = c
			gks = append(gks, gk)
		case newer(c.r, other.r):
			chosen[gk] = c
			cov.Skip(other.r, fmt.Sprintf("kind %s is also the kind of %s, which has a newer api-version and is generated", kindOf(c.r), c.r.ARMType))
		default:
			cov.Skip(c.r, fmt.Sprintf("kind %s is also the kind of %s, which has a newer api-version and is generated", kindOf(c.r), other.r.ARMType))
		}
	}
	types := make(map[*APIVersion][]*config.TypeConfig)
	for _, gk := range gks {
		c := chosen[gk]
		tc := &config.TypeConfig{Name: c.r.Kind, Export: true, Path: c.v.Config.Path + "." + c.r.Kind}
		if k := kindOf(c.r); k != c.r.Kind {
			tc.ExportAs = k
		}
		types[c.v] = append(types[c.v], tc)
	}
	var out Versions
	for _, v := range versions {
		ts := types[v]
		if len(ts) == 0 {
			continue
		}
		slices.SortFunc(ts, func(a, b *config.TypeConfig) int { return strings.Compare(a.Name, b.Name) })
		c := *v
		vc := *v.Config
		vc.Types = ts
		c.Config = &vc
		out = append(out, &c)
	}
	return out, cov
}

// newer reports whether a is a better pick than b: stable beats preview, then the later version.
func newer(a, b *loader.Resource) bool {
	if a.Stable != b.Stable {
		return a.Stable
	}
	return a.APIVersion > b.APIVersion
}

// namespaceOf guesses the provider namespace of a skipped path, for the report.
func namespaceOf(path string, v *APIVersion) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := len(segs) - 2; i >= 0; i-- {
		if strings.EqualFold(segs[i], "providers") && !strings.HasPrefix(segs[i+1], "{") {
			return segs[i+1]
		}
	}
	if len(v.Dirs) > 0 {
		return v.Dirs[0].Namespace
	}
	return v.Group
}

// kindOf is the kind --all exports a resource as: its rule name, shortened to fit Kubernetes'
// name limits when the parent chain makes it too long.
func kindOf(r *loader.Resource) string {
	if len(r.Kind) <= loader.MaxKindLength {
		return r.Kind
	}
	return loader.ShortKindName(r.Segments)
}
