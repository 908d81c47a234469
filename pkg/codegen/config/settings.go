package config

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// The $-settings are tables rather than switch statements so that the list
// of valid names used for "did you mean" and "belongs on a type" can never
// drift from what the parser actually accepts.

type typeSetting func(p *parser, t *TypeConfig, n *yaml.Node, path string) error

type propertySetting func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error

var typeSettings = map[string]typeSetting{
	"$export": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.Export, err = p.boolValue(n, path)
		return err
	},
	"$exportAs": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.ExportAs, err = p.name(n, path, validTypeName, fixTypeName, "is not an exported Go identifier", typeNameRule)
		return err
	},
	"$renameTo": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.RenameTo, err = p.name(n, path, validTypeName, fixTypeName, "is not a valid type name", typeNameRule)
		return err
	},
	"$azureGeneratedSecrets": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.AzureGeneratedSecrets, err = p.stringList(n, path)
		return err
	},
	"$isHub": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.IsHub, err = p.boolValue(n, path)
		return err
	},
}

var referenceTypes = []string{"arm", "simple"}

var propertySettings = map[string]propertySetting{
	"$isSecret": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.IsSecret, err = p.boolValue(n, path)
		return err
	},
	"$referenceType": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error {
		s, err := p.stringValue(n, path)
		if err != nil {
			return err
		}
		if !slices.Contains(referenceTypes, s) {
			return p.fail(path, n, Nearest(s, referenceTypes), "invalid reference type %q; expected %s", s, strings.Join(referenceTypes, " or "))
		}
		pc.ReferenceType = s
		return nil
	},
	"$renameTo": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.RenameTo, err = p.name(n, path, validFieldName, noFix, "is not a valid property name", fieldNameRule)
		return err
	},
	// $flatten lifts (true) or keeps nested (false) the properties of an object property,
	// whatever its x-ms-client-flatten says.
	"$flatten": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error {
		v, err := p.boolValue(n, path)
		pc.Flatten = &v
		return err
	},
	// $renamedFrom names the property as other API versions of the type call it, so that
	// conversions between the versions carry its value across.
	"$renamedFrom": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.RenamedFrom, err = p.name(n, path, validFieldName, noFix, "is not a valid property name", fieldNameRule)
		return err
	},
}

var (
	typeSettingNames     = slices.Sorted(maps.Keys(typeSettings))
	propertySettingNames = slices.Sorted(maps.Keys(propertySettings))
)

// settingHome says where a known setting may go, so a setting in the wrong
// place is explained as misplaced rather than reported as unknown.
func settingHome(key string) string {
	_, onType := typeSettings[key]
	_, onProperty := propertySettings[key]
	switch {
	case onType && onProperty:
		return "a type or a property"
	case onType:
		return "a type"
	case onProperty:
		return "a property"
	}
	return ""
}

// noSettingsHere reports a $-key under a level that has no settings of its own.
func (p *parser) noSettingsHere(e entry, level string) error {
	if home := settingHome(e.key); home != "" {
		return p.fail(e.path, e.keyNode, "", "%s belongs on %s, not on %s", e.key, home, level)
	}
	return p.fail(e.path, e.keyNode, "", "unknown setting; settings go on types and properties, not on %s", level)
}

// unknownSetting reports a $-key the level does not accept, preferring a
// spelling fix valid at this level and otherwise listing what is valid.
func (p *parser) unknownSetting(e entry, level string, valid []string) error {
	if home := settingHome(e.key); home != "" {
		return p.fail(e.path, e.keyNode, "", "%s belongs on %s, not on %s", e.key, home, level)
	}
	if s := Nearest(e.key, valid); s != "" {
		return p.fail(e.path, e.keyNode, s, "unknown setting")
	}
	return p.fail(e.path, e.keyNode, "", "unknown setting; %s accepts %s", level, strings.Join(valid, ", "))
}

// name reads a string setting that must be a valid name.
func (p *parser) name(n *yaml.Node, path string, valid func(string) bool, fix func(string) string, problem, rule string) (string, error) {
	s, err := p.stringValue(n, path)
	if err != nil {
		return "", err
	}
	if !valid(s) {
		return "", p.fail(path, n, fix(s), "%q %s; %s", s, problem, rule)
	}
	return s, nil
}

func noFix(string) string { return "" }

func (p *parser) stringList(n *yaml.Node, path string) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.typeError(n, path, "a list of strings", "")
	}
	var out []string
	seen := make(map[string]bool, len(n.Content))
	for i, item := range n.Content {
		itemPath := fmt.Sprintf("%s[%d]", path, i)
		s, err := p.nonEmptyString(item, itemPath)
		if err != nil {
			return nil, err
		}
		if seen[s] {
			return nil, p.fail(itemPath, item, "", "duplicate entry %q", s)
		}
		seen[s] = true
		out = append(out, s)
	}
	return out, nil
}

// Settings lists every $-setting in the file, sorted by path, so that a later
// stage can report the ones it never consumed (usually a type or property
// name that no longer matches the swagger).
func (c *Config) Settings() []Setting {
	if c == nil {
		return nil
	}
	return slices.Clone(c.settings)
}
