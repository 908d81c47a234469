package config

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/armgen/armgen/pkg/astmodel"
)

// The settings that export values of a resource to the cluster ($azureGeneratedSecrets,
// $generatedConfigs) and the ones that import values from it ($importConfigMapMode) are parsed
// here, with the small path syntax they share:
//
//	$azureGeneratedSecrets:
//	  - primaryKey                           # found by name: see below
//	  - key1: listKeys:keys[0].value         # explicit: the POST action listKeys, then a path
//	  - blobEndpoint: properties.primaryEndpoints.blob   # explicit: the GET response
//	$generatedConfigs:
//	  clientId: $.status.clientId            # a path in the resource's status
//
// A name is the property users set under spec.operatorSpec.secrets (or configMaps), written as
// it appears there (primaryKey, sslPort). A secret given by name alone is found by the generator
// in the resource's GET response or in the response of a POST action the swagger declares on
// the resource (listKeys, listConnectionStrings, ...); the explicit form is
// [action:]path, where action is the part of the action's URL after the resource's own
// (listKeys, or authorizationRules/RootManageSharedAccessKey/listKeys with the rule named) and
// path names properties by their wire names, joined by dots, [n] picking an item of a list.

// ExportedValue is one entry of $azureGeneratedSecrets or $generatedConfigs.
type ExportedValue struct {
	// Name is the property under spec.operatorSpec.secrets or spec.operatorSpec.configMaps.
	Name string
	// Action and Path say where the value is, when the entry says so: for a secret, the POST
	// action ("" for the GET response) and the wire path in its response; for a config map,
	// the path in the resource's status (Action ""), by JSON names. Both are empty for a secret
	// the generator is to find by its name.
	Action, Path string

	ConfigPath string // the entry's config path, e.g. ...Redis.$azureGeneratedSecrets[0]
	Pos        Position
}

// Explicit reports whether the entry says where the value is.
func (v ExportedValue) Explicit() bool { return v.Path != "" }

// Source renders where the value is, as the entry would write it.
func (v ExportedValue) Source() string {
	if v.Action != "" {
		return v.Action + ":" + v.Path
	}
	return v.Path
}

// ImportConfigMapModes are the values of $importConfigMapMode: with optional, a property may
// be given as it is or read from a ConfigMap (<name>FromConfig); with required, only from a
// ConfigMap.
var ImportConfigMapModes = []string{"optional", "required"}

// DefaultAzureNames are the values of $defaultAzureName: uuid makes a resource's azureName
// default to a stable UUID of its name, namespace, kind and owner, as Azure Service Operator
// names role assignments.
var DefaultAzureNames = []string{"uuid"}

// Scopes are the values of $scope, as astmodel.Scope spells them.
var Scopes = []string{
	string(astmodel.ScopeResourceGroup), string(astmodel.ScopeSubscription), string(astmodel.ScopeManagementGroup),
	string(astmodel.ScopeTenant), string(astmodel.ScopeExtension),
}

const exportedNameRule = "expected the name as it appears under spec.operatorSpec: a lower-case letter followed by letters and digits"

// validExportedName is a JSON property name we generate a field for.
func validExportedName(s string) bool {
	return s != "" && isLower(s[0]) && identTail(s[1:]) && !strings.Contains(s, "_")
}

// fixExportedName suggests the spelling of a name written as ASO spells the Go field
// (PrimaryKey, SSLPort): its leading word in lower case.
func fixExportedName(s string) string {
	n := 0
	for n < len(s) && isUpper(s[n]) {
		n++
	}
	if n > 1 && n < len(s) && isLower(s[n]) {
		n--
	}
	fixed := strings.ToLower(s[:n]) + s[n:]
	if validExportedName(fixed) && fixed != s {
		return fixed
	}
	return ""
}

// azureGeneratedSecrets reads the list of $azureGeneratedSecrets: names, or name: source.
func (p *parser) azureGeneratedSecrets(n *yaml.Node, path string) ([]ExportedValue, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.typeError(n, path, "a list of names (or name: source entries)", "")
	}
	var out []ExportedValue
	seen := make(map[string]bool)
	for i, item := range n.Content {
		at := fmt.Sprintf("%s[%d]", path, i)
		v := ExportedValue{ConfigPath: at, Pos: pos(item)}
		nameNode := item
		switch item.Kind {
		case yaml.ScalarNode:
		case yaml.MappingNode:
			if len(item.Content) != 2 {
				return nil, p.fail(at, item, "", "expected one name: source pair, found %d", len(item.Content)/2)
			}
			nameNode = item.Content[0]
			src, err := p.nonEmptyString(item.Content[1], at)
			if err != nil {
				return nil, err
			}
			if v.Action, v.Path, err = parseSource(src); err != nil {
				return nil, p.fail(at, item.Content[1], "", "%v", err)
			}
		default:
			return nil, p.typeError(item, at, "a name or a name: source pair", "")
		}
		name, err := p.exportedName(nameNode, at)
		if err != nil {
			return nil, err
		}
		if seen[name] {
			return nil, p.fail(at, nameNode, "", "duplicate entry %q", name)
		}
		seen[name] = true
		v.Name = name
		out = append(out, v)
	}
	return out, nil
}

// generatedConfigs reads the mapping of $generatedConfigs: name: $.status.path.
func (p *parser) generatedConfigs(n *yaml.Node, path string) ([]ExportedValue, error) {
	if err := p.mapping(n, path, "a mapping of names to status paths ($.status.<property>...)"); err != nil {
		return nil, err
	}
	var out []ExportedValue
	err := p.eachEntry(n, path, func(e entry) error {
		name, err := p.exportedName(e.keyNode, e.path)
		if err != nil {
			return err
		}
		src, err := p.nonEmptyString(e.value, e.path)
		if err != nil {
			return err
		}
		statusPath, ok := cutStatusPrefix(src)
		if !ok {
			return p.fail(e.path, e.value, "$.status."+strings.TrimPrefix(src, "$."), "%q is not a status path; expected $.status.<property>[.<property>...]", src)
		}
		if _, err := parsePath(statusPath); err != nil {
			return p.fail(e.path, e.value, "", "%v", err)
		}
		out = append(out, ExportedValue{Name: name, Path: statusPath, ConfigPath: e.path, Pos: pos(e.keyNode)})
		return nil
	})
	return out, err
}

func (p *parser) exportedName(n *yaml.Node, path string) (string, error) {
	s, err := p.nonEmptyString(n, path)
	if err != nil {
		return "", err
	}
	if !validExportedName(s) {
		return "", p.fail(path, n, fixExportedName(s), "%q is not a valid name; %s", s, exportedNameRule)
	}
	return s, nil
}

// cutStatusPrefix strips "$.status." (ASO writes $.Status.) from a status path.
func cutStatusPrefix(s string) (string, bool) {
	const prefix = "$.status."
	if len(s) > len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return "", false
}

// parseSource splits [action:]path and checks both.
func parseSource(s string) (action, path string, err error) {
	if a, rest, ok := strings.Cut(s, ":"); ok {
		action, path = a, rest
		for _, seg := range strings.Split(action, "/") {
			if !validURLSegment(seg) {
				return "", "", fmt.Errorf("%q is not an action; expected [action:]path, the action as its URL goes on after the resource's (listKeys)", s)
			}
		}
	} else {
		path = s
	}
	if _, err := parsePath(path); err != nil {
		return "", "", err
	}
	return action, path, nil
}

// PathStep is one step of a value path: a property, then optionally an item of the list it holds.
type PathStep struct {
	Property string
	// Index is the item of the list, -1 when the step takes the property itself or picks an
	// item by a property's value.
	Index int
	// MatchProperty and MatchValue pick the item of the list whose MatchProperty is MatchValue
	// ([name=Primary]): a service answers named keys in an order it does not promise, and ASO
	// picks them by name.
	MatchProperty, MatchValue string
}

// Picks says the step takes an item of the list the property holds.
func (s PathStep) Picks() bool { return s.Index >= 0 || s.MatchProperty != "" }

// ParsePath splits a value path (properties joined by dots, [n] picking an item of a list,
// [property=value] the item whose property has that value).
func ParsePath(path string) ([]PathStep, error) { return parsePath(path) }

func parsePath(path string) ([]PathStep, error) {
	if path == "" {
		return nil, fmt.Errorf("empty path; expected properties joined by dots, such as properties.hostName or keys[0].value")
	}
	var out []PathStep
	for _, seg := range strings.Split(path, ".") {
		step := PathStep{Property: seg, Index: -1}
		if open := strings.IndexByte(seg, '['); open >= 0 {
			idx, ok := strings.CutSuffix(seg[open+1:], "]")
			if k, v, match := strings.Cut(idx, "="); ok && match {
				if !validPropertyName(k) || v == "" || strings.ContainsAny(v, "[]=") {
					return nil, fmt.Errorf("%q: %q is not property[n] or property[name=value] (a value without dots, brackets or '=')", path, seg)
				}
				step.Property, step.MatchProperty, step.MatchValue = seg[:open], k, v
				if !validPropertyName(step.Property) {
					return nil, fmt.Errorf("%q: %q is not a property name; %s", path, step.Property, propertyNameRule)
				}
				out = append(out, step)
				continue
			}
			n := 0
			if !ok || idx == "" || len(idx) > 4 {
				return nil, fmt.Errorf("%q: %q is not property[n] or property[name=value]", path, seg)
			}
			for i := 0; i < len(idx); i++ {
				if !isDigit(idx[i]) {
					return nil, fmt.Errorf("%q: %q is not property[n] or property[name=value]", path, seg)
				}
				n = n*10 + int(idx[i]-'0')
			}
			step.Property, step.Index = seg[:open], n
		}
		if !validPropertyName(step.Property) {
			return nil, fmt.Errorf("%q: %q is not a property name; %s", path, step.Property, propertyNameRule)
		}
		out = append(out, step)
	}
	return out, nil
}

// validURLSegment is a literal segment of an action's URL.
func validURLSegment(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && strings.IndexByte("-_.", s[i]) < 0 {
			return false
		}
	}
	return true
}
