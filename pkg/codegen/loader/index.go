// Package loader reads ARM swagger (through go-openapi/spec) and translates it into the astmodel
// vocabulary: an index of the spec root, a resource catalogue from PUT paths, and type definitions.
package loader

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
)

// VersionDir is one api-version folder of one provider namespace.
type VersionDir struct {
	// Namespace is the provider namespace (Microsoft.Network).
	Namespace string
	// Group is the API group's short name (network).
	Group string
	// APIVersion is the folder name (2020-11-01, 2021-01-01-preview).
	APIVersion string
	// Stable is false for preview folders.
	Stable bool
	// Dir is the folder, relative to the spec root, with forward slashes.
	Dir string
	// Files are the swagger files in the folder, relative to the spec root, sorted.
	Files []string
}

// Index lists every api-version folder below a spec root. Building it reads directories only.
type Index struct {
	Root     string
	Versions []VersionDir
}

// GroupName derives an API group's short name from a provider namespace: Microsoft. dropped,
// lower case, letters and digits only (Microsoft.DBforPostgreSQL -> dbforpostgresql).
func GroupName(namespace string) string {
	ns := strings.TrimPrefix(namespace, "Microsoft.")
	var b strings.Builder
	for _, r := range ns {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// serviceGroups are the spec folders of a provider namespace that form an API group of their own
// rather than their namespace's, as Azure Service Operator groups them: the Front Door specs
// (specification/frontdoor) declare Microsoft.Network types, which ASO serves as
// network.frontdoor.azure.com (its v2/azure-arm/network.frontdoor.yaml), apart from network's.
// The generator, armfake and the schema validator all see the groups through the index.
var serviceGroups = []struct{ service, namespace, group string }{
	{service: "frontdoor", namespace: "Microsoft.Network", group: "network.frontdoor"},
}

// groupOf is the API group of a folder: its service's own group where serviceGroups names one,
// else its namespace's.
func groupOf(service, namespace string) string {
	for _, g := range serviceGroups {
		if strings.EqualFold(g.service, service) && strings.EqualFold(g.namespace, namespace) {
			return g.group
		}
	}
	return GroupName(namespace)
}

// BuildIndex walks root for <...>/resource-manager/<...>/<Namespace>/(stable|preview)/<version>/ folders.
func BuildIndex(root string) (*Index, error) {
	info, err := os.Stat(root)
	if err != nil {
		return nil, &SpecRootError{Root: root, Err: err}
	}
	if !info.IsDir() {
		return nil, &SpecRootError{Root: root, Err: fs.ErrInvalid}
	}
	ix := &Index{Root: root}
	byDir := make(map[string]int)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "examples" || d.Name() == "data-plane" || strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".json") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		parts := strings.Split(rel, "/")
		// .../<Namespace>/<stable|preview>/<version>/<file>.json below a resource-manager folder
		n := len(parts)
		if n < 5 || !slices.Contains(parts[:n-4], "resource-manager") {
			return nil
		}
		stability, ns, version := parts[n-3], parts[n-4], parts[n-2]
		if stability != "stable" && stability != "preview" {
			return nil
		}
		dir := strings.Join(parts[:n-1], "/")
		i, ok := byDir[dir]
		if !ok {
			i = len(ix.Versions)
			byDir[dir] = i
			ix.Versions = append(ix.Versions, VersionDir{
				Namespace: ns, Group: groupOf(parts[0], ns), APIVersion: version, Stable: stability == "stable", Dir: dir,
			})
		}
		ix.Versions[i].Files = append(ix.Versions[i].Files, rel)
		return nil
	})
	if err != nil {
		return nil, &SpecRootError{Root: root, Err: err}
	}
	slices.SortFunc(ix.Versions, func(a, b VersionDir) int { return strings.Compare(a.Dir, b.Dir) })
	for i := range ix.Versions {
		slices.Sort(ix.Versions[i].Files)
	}
	return ix, nil
}

// Find returns the folders of a group's api-version (several when a namespace is split).
func (ix *Index) Find(group, apiVersion string) []VersionDir {
	var out []VersionDir
	for _, v := range ix.Versions {
		if v.Group == group && v.APIVersion == apiVersion {
			out = append(out, v)
		}
	}
	return out
}

// GroupsOf returns the groups whose folders declare a provider namespace (any case), sorted:
// usually one, more where serviceGroups splits the namespace.
func (ix *Index) GroupsOf(namespace string) []string {
	var out []string
	for _, v := range ix.Versions {
		if strings.EqualFold(v.Namespace, namespace) && !slices.Contains(out, v.Group) {
			out = append(out, v.Group)
		}
	}
	slices.Sort(out)
	return out
}

// Groups returns every group name, sorted.
func (ix *Index) Groups() []string {
	var out []string
	for _, v := range ix.Versions {
		if !slices.Contains(out, v.Group) {
			out = append(out, v.Group)
		}
	}
	slices.Sort(out)
	return out
}

// APIVersions returns a group's api-versions, sorted.
func (ix *Index) APIVersions(group string) []string {
	var out []string
	for _, v := range ix.Versions {
		if v.Group == group && !slices.Contains(out, v.APIVersion) {
			out = append(out, v.APIVersion)
		}
	}
	slices.Sort(out)
	return out
}
