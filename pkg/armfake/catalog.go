package armfake

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/armgen/armgen/pkg/codegen/loader"
)

// catalogue is what armfake serves: every resource type the loader discovers below a spec root,
// with the api-versions that declare it. Only discovery runs at start; operations, schemas and
// actions of a type/api-version are decoded on first use (see typeVersion).
type catalogue struct {
	root   string
	corpus *loader.Corpus
	// types is keyed by the lower-cased ARM type (microsoft.network/virtualnetworks).
	types map[string]*resourceType
	// Warnings lists version folders that could not be loaded; they are skipped, not fatal,
	// because one broken file must not take the other providers down.
	warnings []string
	loadTime time.Duration
	childIndex
}

// resourceType is one ARM type and its api-versions.
type resourceType struct {
	ARMType  string
	versions map[string]*typeVersion
}

// sortedVersions lists the api-versions of a type, for error messages.
func (t *resourceType) sortedVersions() []string {
	out := make([]string, 0, len(t.versions))
	for v := range t.versions {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// typeVersion is one resource type at one api-version.
type typeVersion struct {
	res *loader.Resource
	// alts serve the other declarations of res's type in the version, at other scopes (scopes.go).
	alts []*typeVersion
	// docs are the swagger files of the version folder, where actions and lists are declared.
	docs   []*loader.Document
	corpus *loader.Corpus

	once sync.Once
	ops  *typeOps
	err  error
}

var (
	catalogueMu    sync.Mutex
	cataloguesByFS = map[string]*catalogueEntry{}
)

type catalogueEntry struct {
	once sync.Once
	cat  *catalogue
	err  error
}

// loadCatalogue loads the catalogue of a spec root once per process, so tests that start many
// servers pay for discovery once. groups limits the provider groups (nil: all).
func loadCatalogue(root string, groups []string) (*catalogue, error) {
	key := root + "\x00" + strings.Join(groups, ",")
	catalogueMu.Lock()
	e, ok := cataloguesByFS[key]
	if !ok {
		e = &catalogueEntry{}
		cataloguesByFS[key] = e
	}
	catalogueMu.Unlock()
	e.once.Do(func() { e.cat, e.err = discoverCatalogue(root, groups) })
	return e.cat, e.err
}

func discoverCatalogue(root string, groups []string) (*catalogue, error) {
	start := time.Now()
	ix, err := loader.BuildIndex(root)
	if err != nil {
		return nil, err
	}
	corpus := loader.NewCorpus(root)
	cat := &catalogue{root: root, corpus: corpus, types: make(map[string]*resourceType)}
	var versions []loader.VersionDir
	for _, v := range ix.Versions {
		if len(groups) == 0 || slices.Contains(groups, v.Group) {
			versions = append(versions, v)
		}
	}
	if len(groups) > 0 && len(versions) == 0 {
		return nil, fmt.Errorf("no provider group %s below spec root %s", strings.Join(groups, ", "), root)
	}
	type found struct {
		res  []*loader.Resource
		docs []*loader.Document
		warn string
	}
	results := make([]found, len(versions))
	g, ctx := errgroup.WithContext(context.Background())
	g.SetLimit(runtime.GOMAXPROCS(0) * 2)
	for i, v := range versions {
		g.Go(func() error {
			docs, err := corpus.LoadAll(ctx, v.Files)
			if err != nil {
				results[i].warn = fmt.Sprintf("%s: %v", v.Dir, err)
				return nil
			}
			c, err := loader.Discover(corpus, v.Group, v.APIVersion, v.Stable, docs)
			if err != nil {
				results[i].warn = fmt.Sprintf("%s: %v", v.Dir, err)
				return nil
			}
			results[i] = found{res: c.Resources, docs: docs}
			return nil
		})
	}
	_ = g.Wait()
	for _, r := range results {
		if r.warn != "" {
			cat.warnings = append(cat.warnings, r.warn)
		}
		for _, res := range r.res {
			cat.add((&typeVersion{res: res, docs: r.docs, corpus: corpus}).withAlternatives())
		}
	}
	if _, ok := cat.types[strings.ToLower(resourceGroupType)]; !ok {
		// A spec root without Microsoft.Resources (such as the test fixtures) still needs
		// resource groups: everything at resource-group scope lives in one.
		addBuiltinResourceGroups(cat)
	}
	cat.loadTime = time.Since(start)
	return cat, nil
}

// add registers a type/api-version; when two folders declare the same one, the first wins.
func (c *catalogue) add(tv *typeVersion) {
	key := strings.ToLower(tv.res.ARMType)
	t, ok := c.types[key]
	if !ok {
		t = &resourceType{ARMType: tv.res.ARMType, versions: make(map[string]*typeVersion)}
		c.types[key] = t
	}
	if _, dup := t.versions[tv.res.APIVersion]; !dup {
		t.versions[tv.res.APIVersion] = tv
	}
	// Specs drift in the casing of types (virtualnetworks, virtualNetworks); answer with the
	// spelling of the newest api-version, as the service does.
	if newest := slices.Max(t.sortedVersions()); newest == tv.res.APIVersion {
		t.ARMType = tv.res.ARMType
	}
}

// lookup finds a type by its ARM type, case-insensitively.
func (c *catalogue) lookup(armType string) *resourceType {
	return c.types[strings.ToLower(armType)]
}

// count is the number of type/api-version pairs served.
func (c *catalogue) count() (types, versions int) {
	for _, t := range c.types {
		types++
		versions += len(t.versions)
	}
	return types, versions
}
