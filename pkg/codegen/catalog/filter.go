package catalog

import (
	"fmt"
	"slices"
	"strings"

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
