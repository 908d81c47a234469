// Package catalog lists the resources a spec root offers, across providers and api-versions,
// through the same index and discovery the generator uses, so that what it lists is exactly what
// azure-arm.yaml can name. It backs `gen list` and the existence checks of `gen add`.
package catalog

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// Filter selects part of the spec root; an empty field matches everything.
type Filter struct {
	// Group is an API group's short name (network); network.azure.com is accepted too.
	Group string
	// Provider is a provider namespace (Microsoft.Network), matched ignoring case.
	Provider string
	// APIVersion is an ARM api-version (2020-11-01) or its Kubernetes form (v1api20201101).
	APIVersion string
}

// Catalog is what a spec root offers.
type Catalog struct {
	Root string `json:"specRoot"`
	// Resources are sorted by group, kind and ARM type.
	Resources []*Resource `json:"resources"`
	// Problems are the api-versions whose swagger could not be read or understood; the rest of
	// the catalog is complete without them.
	Problems []Problem `json:"problems,omitempty"`
	// Files and Versions count the swagger files and group/api-version pairs read.
	Files    int           `json:"files"`
	Versions int           `json:"apiVersions"`
	Elapsed  time.Duration `json:"-"`
}

// Resource is one ARM resource type of a group, across its api-versions.
type Resource struct {
	Group    string `json:"group"`
	APIGroup string `json:"apiGroup"`
	Provider string `json:"provider"`
	Kind     string `json:"kind"`
	ARMType  string `json:"armType"`
	Scope    string `json:"scope"`
	// Versions are oldest first.
	Versions []Version `json:"versions"`
}

// Version is one api-version of a resource.
type Version struct {
	APIVersion string `json:"apiVersion"`
	// KubeVersion is the generated package's version (v1api20201101).
	KubeVersion string `json:"kubeVersion"`
	Stable      bool   `json:"stable"`
	// Kind is the kind in this version (the spelling of a path segment can change between versions).
	Kind  string `json:"kind"`
	Scope string `json:"scope"`
	// File is the swagger file (relative to the spec root) and Path the PUT path in it.
	File string `json:"file"`
	Path string `json:"path"`
	// Exported says whether azure-arm.yaml exports the resource in this version; ExportedAs is
	// its kind when the config renames it.
	Exported   bool   `json:"exported"`
	ExportedAs string `json:"exportedAs,omitempty"`

	provider, armType string
}

// Problem is an api-version that could not be read.
type Problem struct {
	Group      string `json:"group"`
	Provider   string `json:"provider"`
	APIVersion string `json:"apiVersion"`
	Error      string `json:"error"`
}

// Newest returns the newest stable version, else the newest preview.
func (r *Resource) Newest() Version {
	for i := len(r.Versions) - 1; i >= 0; i-- {
		if r.Versions[i].Stable {
			return r.Versions[i]
		}
	}
	return r.Versions[len(r.Versions)-1]
}

// Exported lists the api-versions azure-arm.yaml exports.
func (r *Resource) Exported() []string {
	var out []string
	for _, v := range r.Versions {
		if v.Exported {
			out = append(out, v.APIVersion)
		}
	}
	return out
}

// Find returns a group's resource of the given kind in an api-version, if it has one.
func (c *Catalog) Find(group, apiVersion, kind string) (*Resource, bool) {
	for _, r := range c.Resources {
		if r.Group != group {
			continue
		}
		for _, v := range r.Versions {
			if v.APIVersion == apiVersion && v.Kind == kind {
				return r, true
			}
		}
	}
	return nil, false
}

// Kinds lists the kinds of a group's api-version, sorted.
func (c *Catalog) Kinds(group, apiVersion string) []string {
	var out []string
	for _, r := range c.Resources {
		for _, v := range r.Versions {
			if r.Group == group && v.APIVersion == apiVersion {
				out = append(out, v.Kind)
			}
		}
	}
	slices.Sort(out)
	return out
}

// unit is one group/api-version: the folders the generator reads together.
type unit struct {
	group, apiVersion string
	dirs              []loader.VersionDir
}

// Load indexes the spec root and discovers the resources of every api-version the filter
// selects, in parallel. cfg, when not nil, marks what azure-arm.yaml exports. An api-version
// whose swagger fails to load or discover becomes a Problem; only an unusable spec root, a filter
// that selects nothing, or cancellation fail the whole load.
func Load(ctx context.Context, root string, f Filter, cfg *config.Config) (*Catalog, error) {
	start := time.Now()
	ix, err := loader.BuildIndex(root)
	if err != nil {
		return nil, err
	}
	units, err := selectUnits(ix, f)
	if err != nil {
		return nil, err
	}
	cat := &Catalog{Root: root, Versions: len(units)}
	type found struct {
		resources []*loader.Resource
		problem   *Problem
	}
	results := make([]found, len(units))
	corpus := loader.NewCorpus(root)
	// Read and decode every file first, flat, so that the few api-versions with dozens of files
	// do not leave the other workers idle at the end; a file that fails is reported by discover.
	load, lctx := errgroup.WithContext(ctx)
	load.SetLimit(runtime.GOMAXPROCS(0) + 1)
	for _, u := range units {
		for _, d := range u.dirs {
			for _, f := range d.Files {
				load.Go(func() error {
					if err := lctx.Err(); err != nil {
						return err
					}
					_, _ = corpus.Load(f)
					return nil
				})
			}
		}
	}
	if err := load.Wait(); err != nil {
		return nil, err
	}
	g, gctx := errgroup.WithContext(ctx)
	// Loading is half reading and half decoding; a few more workers than CPUs keep both busy.
	g.SetLimit(2 * runtime.GOMAXPROCS(0))
	for i, u := range units {
		var files []string
		for _, d := range u.dirs {
			files = append(files, d.Files...)
		}
		cat.Files += len(files)
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			rs, err := discover(corpus, u, files)
			if err != nil {
				results[i].problem = &Problem{Group: u.group, Provider: u.dirs[0].Namespace, APIVersion: u.apiVersion, Error: err.Error()}
				return nil
			}
			results[i].resources = rs
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	byType := make(map[string]*Resource)
	for _, r := range results {
		if r.problem != nil {
			cat.Problems = append(cat.Problems, *r.problem)
		}
		for _, lr := range r.resources {
			key := lr.Group + "\x00" + strings.ToLower(lr.ARMType)
			res, ok := byType[key]
			if !ok {
				res = &Resource{Group: lr.Group, APIGroup: lr.Group + astmodel.GroupSuffix}
				byType[key] = res
				cat.Resources = append(cat.Resources, res)
			}
			res.Versions = append(res.Versions, version(lr, cfg))
		}
	}
	for _, r := range cat.Resources {
		slices.SortFunc(r.Versions, func(a, b Version) int { return strings.Compare(a.APIVersion, b.APIVersion) })
		// The newest version names the resource: older swagger sometimes spells segments differently.
		n := r.Newest()
		r.Kind, r.Scope, r.Provider, r.ARMType = n.Kind, n.Scope, n.provider, n.armType
	}
	slices.SortFunc(cat.Resources, func(a, b *Resource) int {
		return strings.Compare(a.Group+"\x00"+a.Kind+"\x00"+a.ARMType, b.Group+"\x00"+b.Kind+"\x00"+b.ARMType)
	})
	cat.Elapsed = time.Since(start)
	return cat, nil
}

// discover finds the resources of one group/api-version, turning panics in the loader (hostile
// swagger) into errors so that one bad file cannot take down a whole listing.
func discover(corpus *loader.Corpus, u unit, files []string) (rs []*loader.Resource, err error) {
	defer func() {
		if r := recover(); r != nil {
			rs, err = nil, fmt.Errorf("discovery failed: %v", r)
		}
	}()
	docs := make([]*loader.Document, 0, len(files))
	for _, f := range files {
		d, err := corpus.Load(f)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	stable := true
	for _, d := range u.dirs {
		stable = stable && d.Stable
	}
	c, err := loader.Discover(corpus, u.group, u.apiVersion, stable, docs)
	if err != nil {
		return nil, err
	}
	return c.Resources, nil
}

func version(r *loader.Resource, cfg *config.Config) Version {
	v := Version{
		APIVersion: r.APIVersion, KubeVersion: astmodel.VersionName(r.APIVersion), Stable: r.Stable,
		Kind: r.Kind, Scope: string(r.Scope), File: r.File, Path: r.Path,
		provider: r.Namespace, armType: r.ARMType,
	}
	if tc := cfg.Group(r.Group).Version(r.APIVersion).Type(r.Kind); tc.Exported() {
		v.Exported = true
		if tc.KindName() != r.Kind {
			v.ExportedAs = tc.KindName()
		}
	}
	return v
}

// selectUnits groups the index's folders by group and api-version and applies the filter; a
// filter naming something the spec root lacks is an error with the nearest real name.
func selectUnits(ix *loader.Index, f Filter) ([]unit, error) {
	group := strings.TrimSuffix(f.Group, astmodel.GroupSuffix)
	if group != "" && !slices.Contains(ix.Groups(), group) {
		return nil, notFound("group", group, ix.Groups())
	}
	var providers []string
	for _, d := range ix.Versions {
		if !slices.Contains(providers, d.Namespace) {
			providers = append(providers, d.Namespace)
		}
	}
	if f.Provider != "" && !slices.ContainsFunc(providers, func(p string) bool { return strings.EqualFold(p, f.Provider) }) {
		return nil, notFound("provider", f.Provider, providers)
	}
	var units []unit
	byKey := make(map[string]int)
	var versions []string
	for _, d := range ix.Versions {
		if group != "" && d.Group != group || f.Provider != "" && !strings.EqualFold(d.Namespace, f.Provider) {
			continue
		}
		if !slices.Contains(versions, d.APIVersion) {
			versions = append(versions, d.APIVersion)
		}
		if f.APIVersion != "" && f.APIVersion != d.APIVersion && f.APIVersion != astmodel.VersionName(d.APIVersion) {
			continue
		}
		key := d.Group + "\x00" + d.APIVersion
		i, ok := byKey[key]
		if !ok {
			i = len(units)
			byKey[key] = i
			units = append(units, unit{group: d.Group, apiVersion: d.APIVersion})
		}
		units[i].dirs = append(units[i].dirs, d)
	}
	if len(units) == 0 && f.APIVersion != "" {
		slices.Sort(versions)
		return nil, notFound("api-version", f.APIVersion, versions)
	}
	return units, nil
}

// NotFoundError says a filter names nothing in the spec root.
type NotFoundError struct {
	What, Name, Suggestion string
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("the spec root has no %s %q", e.What, e.Name)
	if e.Suggestion != "" {
		msg += fmt.Sprintf("; did you mean %q?", e.Suggestion)
	}
	return msg
}

func notFound(what, name string, candidates []string) error {
	return &NotFoundError{What: what, Name: name, Suggestion: config.Nearest(name, candidates)}
}
