package config

import (
	"path/filepath"
	"slices"
)

// Lookups accept nil receivers so callers can chain them,
// c.Group(g).Version(v).Type(t), and test the end result once.

// ResolvePath turns a path from the config file into one usable from the
// working directory. An empty path stays empty rather than becoming Dir, so
// an absent setting (specRoot) cannot silently point at the config's folder.
func (c *Config) ResolvePath(p string) string {
	switch {
	case p == "":
		return ""
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	case c == nil:
		return filepath.Clean(p)
	}
	return filepath.Join(c.Dir, p)
}

// Group returns the named group's config, or nil.
func (c *Config) Group(name string) *GroupConfig {
	if c == nil {
		return nil
	}
	return find(c.Groups, name, func(g *GroupConfig) string { return g.Name })
}

// Version returns the config for API version v, or nil.
func (g *GroupConfig) Version(v string) *VersionConfig {
	if g == nil {
		return nil
	}
	return find(g.Versions, v, func(x *VersionConfig) string { return x.APIVersion })
}

// Type returns the named type's config, or nil.
func (v *VersionConfig) Type(name string) *TypeConfig {
	if v == nil {
		return nil
	}
	return find(v.Types, name, func(t *TypeConfig) string { return t.Name })
}

// Property returns the named property's config, or nil.
func (t *TypeConfig) Property(name string) *PropertyConfig {
	if t == nil {
		return nil
	}
	return find(t.Properties, name, func(p *PropertyConfig) string { return p.Name })
}

// Exported reports whether the type becomes a resource; $exportAs implies
// export so that renaming a resource takes one setting, not two.
func (t *TypeConfig) Exported() bool {
	return t != nil && (t.Export || t.ExportAs != "")
}

// KindName is the Kubernetes kind the type is exported as.
func (t *TypeConfig) KindName() string {
	switch {
	case t == nil:
		return ""
	case t.ExportAs != "":
		return t.ExportAs
	}
	return t.Name
}

// find scans rather than binary-searching: the lists are short, and other
// packages build configs by hand in tests without keeping them sorted.
func find[T any](items []*T, name string, key func(*T) string) *T {
	i := slices.IndexFunc(items, func(item *T) bool { return key(item) == name })
	if i < 0 {
		return nil
	}
	return items[i]
}
