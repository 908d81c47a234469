package config

import (
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
		t.AzureGeneratedSecrets, err = p.azureGeneratedSecrets(n, path)
		return err
	},
	"$generatedConfigs": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.GeneratedConfigs, err = p.generatedConfigs(n, path)
		return err
	},
	"$defaultAzureName": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.DefaultAzureName, err = p.oneOf(n, path, DefaultAzureNames, "default")
		return err
	},
	"$isHub": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.IsHub, err = p.boolValue(n, path)
		return err
	},
	// $scope chooses, for a kind whose ARM type its version declares at several scopes, the
	// declaration to generate (discovery takes the narrowest): a diagnostic setting is declared
	// for a subscription, a management group and any resource (extension), and ASO's kind is
	// the extension.
	"$scope": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.Scope, err = p.oneOf(n, path, Scopes, "scope")
		return err
	},
	"$keptInParent": func(p *parser, t *TypeConfig, n *yaml.Node, path string) (err error) {
		t.KeptInParent, err = p.boolValue(n, path)
		return err
	},
	// $importable: false keeps the import command away from a kind whose Azure state does not
	// make a manifest worth applying; true is the default.
	"$importable": func(p *parser, t *TypeConfig, n *yaml.Node, path string) error {
		importable, err := p.boolValue(n, path)
		t.NotImportable = !importable
		return err
	},
}

var referenceTypes = []string{"arm", "arm+wellknown", "simple"}

var propertySettings = map[string]propertySetting{
	// $isSecret is the older spelling of $importSecretMode, kept as ASO keeps it: true is
	// required, false is never.
	"$isSecret": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error {
		secret, err := p.boolValue(n, path)
		if err == nil {
			err = p.secretMode(pc, secret, n, path)
		}
		return err
	},
	"$removeFromSpec": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.RemoveFromSpec, err = p.stringValue(n, path)
		if err == nil && strings.TrimSpace(pc.RemoveFromSpec) == "" {
			err = p.fail(path, n, "", "says why the property leaves the spec (Azure sets it though the swagger lets users write it); give the reason")
		}
		return err
	},
	"$importSecretMode": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error {
		mode, err := p.oneOf(n, path, ImportSecretModes, "mode")
		if err == nil {
			err = p.secretMode(pc, mode == "required", n, path)
		}
		return err
	},
	"$referenceType": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.ReferenceType, err = p.oneOf(n, path, referenceTypes, "reference type")
		return err
	},
	"$renameTo": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.RenameTo, err = p.name(n, path, validFieldName, noFix, "is not a valid property name", fieldNameRule)
		return err
	},
	// $importConfigMapMode lets the value come from a ConfigMap: a <name>FromConfig property
	// beside the property (optional) or instead of it (required).
	"$importConfigMapMode": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.ImportConfigMapMode, err = p.oneOf(n, path, ImportConfigMapModes, "mode")
		return err
	},
	// $flatten lifts (true) or keeps nested (false) the properties of an object property,
	// whatever its x-ms-client-flatten says.
	"$flatten": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error {
		v, err := p.boolValue(n, path)
		pc.Flatten = &v
		return err
	},
	// $additionalEnumValues lists values an enum property accepts beyond the swagger's: values
	// the operator itself acts on and translates before the PUT (a key vault's createMode
	// createOrRecover), so they are never sent to Azure.
	"$additionalEnumValues": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) (err error) {
		pc.AdditionalEnumValues, err = p.stringList(n, path)
		return err
	},
	// $enumAsString makes an enum property a plain string: for a swagger enum that lags behind
	// what the service accepts (new VM sizes, new server versions), which the CRD would refuse.
	// Only true says something; false is refused rather than silently ignored.
	"$enumAsString": func(p *parser, pc *PropertyConfig, n *yaml.Node, path string) error {
		v, err := p.boolValue(n, path)
		if err == nil && !v {
			return p.fail(path, n, "", "false is what the property is without the setting; remove it")
		}
		pc.EnumAsString = v
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

// oneOf reads a string setting that takes one of a few values.
func (p *parser) oneOf(n *yaml.Node, path string, values []string, what string) (string, error) {
	s, err := p.stringValue(n, path)
	if err != nil {
		return "", err
	}
	if !slices.Contains(values, s) {
		return "", p.fail(path, n, Nearest(s, values), "invalid %s %q; expected %s", what, s, strings.Join(values, " or "))
	}
	return s, nil
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

// Settings lists every $-setting in the file, sorted by path, so that a later
// stage can report the ones it never consumed (usually a type or property
// name that no longer matches the swagger).
func (c *Config) Settings() []Setting {
	if c == nil {
		return nil
	}
	return slices.Clone(c.settings)
}
