package exportedvalues

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// configs finds, for each $generatedConfigs value, the wire path of the status path it names:
// the status is the GET response (flattened, and named in JSON), and the operator reads the
// response itself.
func configs(cfg *config.Config, defs astmodel.Definitions, r *astmodel.ResourceType, entries []config.ExportedValue) ([]astmodel.ExportedValue, error) {
	var out []astmodel.ExportedValue
	for _, v := range entries {
		path, err := statusWirePath(defs, r.Status, v.Path)
		if err != nil {
			return nil, config.NewError(cfg, v.ConfigPath, v.Pos, fmt.Sprintf("%s %s: $.status.%s: %v", r.ARMType, r.APIVersion, v.Path, err), "")
		}
		out = append(out, astmodel.ExportedValue{Name: v.Name, Path: path})
	}
	return out, nil
}

// statusWirePath follows a path of JSON names (in any case) through the status and returns
// where its value is on the wire.
func statusWirePath(defs astmodel.Definitions, status astmodel.TypeName, path string) (string, error) {
	steps, err := config.ParsePath(path)
	if err != nil {
		return "", err
	}
	var t astmodel.Type = status
	var wire, seen []string
	for _, step := range steps {
		obj, ok := defs.ResolveObject(t)
		if !ok {
			return "", fmt.Errorf("status.%s is not an object", strings.Join(seen, "."))
		}
		if obj.OneOf {
			return "", fmt.Errorf("status.%s holds one of several shapes; a value inside cannot be named", strings.Join(seen, "."))
		}
		p, ok := obj.PropertyByJSON(step.Property)
		if !ok {
			i := slices.IndexFunc(obj.Properties(), func(q *astmodel.Property) bool { return strings.EqualFold(q.JSONName, step.Property) })
			if i >= 0 {
				p, ok = obj.Properties()[i], true
			}
		}
		if !ok {
			var names []string
			for _, q := range obj.Properties() {
				if q.ARMName != "" {
					names = append(names, q.JSONName)
				}
			}
			msg := fmt.Sprintf("the status has no property %s", strings.Join(append(seen, step.Property), "."))
			if s := config.Nearest(step.Property, names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return "", fmt.Errorf("%s", msg)
		}
		if p.ARMName == "" {
			return "", fmt.Errorf("status.%s is the operator's own, not Azure's", p.JSONName)
		}
		wire = append(wire, p.FlattenedFrom...)
		seg := p.ARMName
		t = p.Type
		if step.MatchProperty != "" {
			return "", fmt.Errorf("status.%s: a status value is picked from a list by index ([n]); [%s=%s] is for $azureGeneratedSecrets",
				strings.Join(append(seen, p.JSONName), "."), step.MatchProperty, step.MatchValue)
		}
		if step.Index >= 0 {
			a, ok := astmodel.Unwrap(t).(astmodel.ArrayType)
			if !ok {
				return "", fmt.Errorf("status.%s is not a list", strings.Join(append(seen, p.JSONName), "."))
			}
			t = a.Element
			seg = fmt.Sprintf("%s[%d]", seg, step.Index)
		}
		wire = append(wire, seg)
		seen = append(seen, p.JSONName)
	}
	if !scalar(defs, t) {
		return "", fmt.Errorf("status.%s is not a single value (a string or a number)", strings.Join(seen, "."))
	}
	return strings.Join(wire, "."), nil
}

func scalar(defs astmodel.Definitions, t astmodel.Type) bool {
	switch x := astmodel.Unwrap(t).(type) {
	case astmodel.PrimitiveType, astmodel.EnumType:
		return true
	case astmodel.TypeName:
		if d, ok := defs[x]; ok {
			return scalar(defs, d.Type)
		}
	}
	return false
}
