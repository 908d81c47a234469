package config

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// objectModelConfiguration nests group > API version > type > property. Only
// types and properties carry $-settings; every other key is a name, checked
// against the format the generator will later need it in.

func isSetting(key string) bool { return strings.HasPrefix(key, "$") }

func (p *parser) objectModel(n *yaml.Node, path string) error {
	if err := p.mapping(n, path, "a mapping of API groups"); err != nil {
		return err
	}
	err := p.eachEntry(n, path, func(e entry) error {
		if isSetting(e.key) {
			return p.noSettingsHere(e, keyObjectModel)
		}
		if !validGroupName(e.key) {
			return p.fail(e.path, e.keyNode, fixGroupName(e.key), "invalid group name; %s", groupNameRule)
		}
		g := &GroupConfig{Name: e.key, Path: e.path, Pos: pos(e.keyNode)}
		p.cfg.Groups = append(p.cfg.Groups, g)
		return p.group(g, e.value)
	})
	slices.SortFunc(p.cfg.Groups, func(a, b *GroupConfig) int { return strings.Compare(a.Name, b.Name) })
	return err
}

func (p *parser) group(g *GroupConfig, n *yaml.Node) error {
	if err := p.mapping(n, g.Path, "a mapping of API versions"); err != nil {
		return err
	}
	err := p.eachEntry(n, g.Path, func(e entry) error {
		if isSetting(e.key) {
			return p.noSettingsHere(e, "an API group")
		}
		if !validAPIVersion(e.key) {
			return p.fail(e.path, e.keyNode, fixAPIVersion(e.key), "invalid API version; %s", apiVersionRule)
		}
		v := &VersionConfig{APIVersion: e.key, Path: e.path, Pos: pos(e.keyNode)}
		g.Versions = append(g.Versions, v)
		return p.version(v, e.value)
	})
	slices.SortFunc(g.Versions, func(a, b *VersionConfig) int { return strings.Compare(a.APIVersion, b.APIVersion) })
	return err
}

func (p *parser) version(v *VersionConfig, n *yaml.Node) error {
	if err := p.mapping(n, v.Path, "a mapping of type names"); err != nil {
		return err
	}
	err := p.eachEntry(n, v.Path, func(e entry) error {
		if isSetting(e.key) {
			return p.noSettingsHere(e, "an API version")
		}
		if !validTypeName(e.key) {
			return p.fail(e.path, e.keyNode, fixTypeName(e.key), "invalid type name; %s", typeNameRule)
		}
		t := &TypeConfig{Name: e.key, Path: e.path, Pos: pos(e.keyNode)}
		v.Types = append(v.Types, t)
		return p.typ(t, e.value)
	})
	slices.SortFunc(v.Types, func(a, b *TypeConfig) int { return strings.Compare(a.Name, b.Name) })
	return err
}

func (p *parser) typ(t *TypeConfig, n *yaml.Node) error {
	if err := p.mapping(n, t.Path, "a mapping of settings and properties"); err != nil {
		return err
	}
	var export, exportAs *yaml.Node
	err := p.eachEntry(n, t.Path, func(e entry) error {
		if !isSetting(e.key) {
			return p.propertyEntry(t, e)
		}
		apply, ok := typeSettings[e.key]
		if !ok {
			return p.unknownSetting(e, "a type", typeSettingNames)
		}
		if err := apply(p, t, e.value, e.path); err != nil {
			return err
		}
		p.settings = append(p.settings, Setting{Path: e.path, Pos: pos(e.keyNode)})
		switch e.key {
		case "$export":
			export = e.keyNode
		case "$exportAs":
			exportAs = e.keyNode
		}
		// Checked as soon as the second of the pair is seen, so the error
		// still comes in document order.
		if export != nil && exportAs != nil && !t.Export {
			if e.keyNode == export {
				return p.fail(e.path, e.keyNode, "", "$export is false, but $exportAs (line %d) implies export; remove one of them", exportAs.Line)
			}
			return p.fail(e.path, e.keyNode, "", "$exportAs implies $export, but $export is false (line %d); remove one of them", export.Line)
		}
		return nil
	})
	slices.SortFunc(t.Properties, func(a, b *PropertyConfig) int { return strings.Compare(a.Name, b.Name) })
	return err
}

func (p *parser) propertyEntry(t *TypeConfig, e entry) error {
	if !validPropertyName(e.key) {
		return p.fail(e.path, e.keyNode, "", "invalid property name; %s", propertyNameRule)
	}
	if e.value.Kind != yaml.MappingNode {
		// "export: true" is a forgotten "$" far more often than a property
		// called export, so say that rather than asking for a mapping.
		if s := Nearest("$"+e.key, typeSettingNames); s != "" && e.value.Kind == yaml.ScalarNode {
			return p.fail(e.path, e.keyNode, s, "unknown key; settings start with \"$\"")
		}
		return p.typeError(e.value, e.path, "a mapping of property settings", "")
	}
	pc := &PropertyConfig{Name: e.key, Path: e.path, Pos: pos(e.keyNode)}
	t.Properties = append(t.Properties, pc)
	return p.eachEntry(e.value, pc.Path, func(e entry) error {
		if !isSetting(e.key) {
			// Properties have no children in this format; a bare key is
			// usually a setting missing its "$".
			if s := Nearest("$"+e.key, propertySettingNames); s != "" {
				return p.fail(e.path, e.keyNode, s, "unknown key; settings start with \"$\"")
			}
			return p.fail(e.path, e.keyNode, "", "unknown key; a property holds only settings (%s)", strings.Join(propertySettingNames, ", "))
		}
		apply, ok := propertySettings[e.key]
		if !ok {
			return p.unknownSetting(e, "a property", propertySettingNames)
		}
		if err := apply(p, pc, e.value, e.path); err != nil {
			return err
		}
		p.settings = append(p.settings, Setting{Path: e.path, Pos: pos(e.keyNode)})
		return nil
	})
}
