package configapply

import (
	"fmt"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// applyPropertySettings applies each property setting to every target object that has the
// property (named as in the swagger); a property no target has is an error.
func applyPropertySettings(cfg *config.Config, tc *config.TypeConfig, targets []astmodel.TypeName, defs astmodel.Definitions) error {
	for _, pc := range tc.Properties {
		var names []string
		found := false
		for _, n := range targets {
			obj, ok := defs[n].Type.(*astmodel.ObjectType)
			if !ok {
				continue
			}
			for _, p := range obj.Properties() {
				names = append(names, p.ARMName)
			}
			changed, ok, err := applyPropertySetting(cfg, tc, pc, obj)
			if err != nil {
				return err
			}
			if ok {
				found = true
				prop := changed.Properties()[slices.IndexFunc(changed.Properties(), func(p *astmodel.Property) bool { return p.ARMName == pc.Name })]
				if pc.EnumAsString {
					if changed, err = enumAsString(cfg, tc, pc, changed, prop, defs); err != nil {
						return err
					}
				}
				if len(pc.AdditionalEnumValues) > 0 {
					if changed, err = addEnumValues(cfg, tc, pc, targets, n, changed, prop, defs); err != nil {
						return err
					}
				}
				defs[n] = defs[n].WithType(changed)
			}
		}
		if !found {
			return config.NewError(cfg, pc.Path, pc.Pos, fmt.Sprintf("%s has no property %s", tc.Name, pc.Name), config.Nearest(pc.Name, names))
		}
	}
	return nil
}

func applyPropertySetting(cfg *config.Config, tc *config.TypeConfig, pc *config.PropertyConfig, obj *astmodel.ObjectType) (*astmodel.ObjectType, bool, error) {
	idx := slices.IndexFunc(obj.Properties(), func(p *astmodel.Property) bool { return p.ARMName == pc.Name })
	if idx < 0 {
		return obj, false, nil
	}
	found := obj.Properties()[idx]
	p := found.Copy()
	if pc.IsSecret {
		if !holdsSecret(p.Type) {
			return nil, false, config.NewError(cfg, pc.Path+".$isSecret", pc.Pos, fmt.Sprintf("%s.%s is %s: only a string (read from a key of a Secret) or a map of strings (read from a whole Secret) can come from a Secret, so the value would stay in the resource; remove the setting", tc.Name, pc.Name, p.Type), "")
		}
		p.Secret, p.Provenance.Secret = true, astmodel.ByConfig
	}
	if pc.RemoveFromSpec != "" {
		// A PUT body without a property the swagger requires is one Azure refuses.
		if p.Required {
			return nil, false, config.NewError(cfg, pc.Path+".$removeFromSpec", pc.Pos, fmt.Sprintf("%s.%s is required by the swagger: every PUT without it would be refused; remove the setting", tc.Name, pc.Name), "")
		}
		p.RemovedFromSpec = pc.RemoveFromSpec
	}
	if pc.NotSecret {
		p.Secret, p.NotSecret, p.Provenance.Secret = false, true, ""
	}
	switch pc.ReferenceType {
	case "arm", "arm+wellknown":
		// Only a string, or a list of them, becomes a reference; on anything else (an object,
		// a map of strings) the setting would do nothing, so it is a mistake in the config.
		if !holdsStrings(p.Type) {
			return nil, false, config.NewError(cfg, pc.Path+".$referenceType", pc.Pos, fmt.Sprintf("%s.%s is %s: only a string or a list of strings can hold ARM IDs; remove the setting", tc.Name, pc.Name, p.Type), "")
		}
		p.ARMReference, p.Provenance.Reference = true, astmodel.ByConfig
		p.WellKnownReference = pc.ReferenceType == "arm+wellknown"
	case "simple":
		p.ARMReference, p.NotARMReference, p.Provenance.Reference = false, true, ""
	}
	if pc.Flatten != nil {
		p.Flatten, p.Provenance.Flatten = *pc.Flatten, astmodel.ByConfig
	}
	if pc.RenamedFrom != "" {
		p.RenamedFrom = pc.RenamedFrom
	}
	if pc.ImportConfigMapMode != "" {
		at := pc.Path + ".$importConfigMapMode"
		switch {
		case astmodel.Unwrap(p.Type) != astmodel.StringType:
			return nil, false, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is %s: only a string can come from a ConfigMap", tc.Name, pc.Name, p.Type), "")
		case p.Secret:
			return nil, false, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s is a secret, which comes from a Secret, not a ConfigMap; remove one of the settings", tc.Name, pc.Name), "")
		case p.ARMReference:
			return nil, false, config.NewError(cfg, at, pc.Pos, fmt.Sprintf("%s.%s holds the ARM ID of another resource, which a reference names; set $referenceType: simple to read it from a ConfigMap", tc.Name, pc.Name), "")
		}
		p.ImportConfigMap = pc.ImportConfigMapMode
	}
	if pc.RenameTo != "" {
		name := astmodel.ExportedName(pc.RenameTo)
		if other, clash := obj.Property(name); clash && other != found {
			return nil, false, config.NewError(cfg, pc.Path+".$renameTo", pc.Pos, fmt.Sprintf("%s already has a property %s", tc.Name, name), "")
		}
		p.Name, p.JSONName, p.Provenance.Renamed = name, astmodel.JSONName(name), astmodel.ByConfig
		obj = obj.WithoutProperty(found.Name)
	}
	return obj.WithProperties(p), true, nil
}

// holdsStrings tells a string or a list of strings, the types a reference can replace.
func holdsStrings(t astmodel.Type) bool {
	if a, ok := astmodel.Unwrap(t).(astmodel.ArrayType); ok {
		t = a.Element
	}
	return astmodel.Unwrap(t) == astmodel.StringType
}
