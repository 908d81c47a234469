package resourceprops

import (
	"fmt"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

// Reserved are the properties the operator itself puts on every resource, by JSON name, with
// where each lives: originalVersion is on the storage twin of every spec, which copies the
// spec's properties, so a swagger property of that name would meet it there.
var Reserved = []struct{ JSONName, Where string }{
	{"azureName", "spec"},
	{"owner", "spec"},
	{"operatorSpec", "spec"},
	{astmodel.OriginalVersionJSONName, "spec (storage versions)"},
	{"conditions", "status"},
}

// makeRoom renames each swagger property of obj (a spec or status of e) that has one of the
// operator's names, in spec and status alike so that the two still match, so that neither replaces the other: Azure's owner of a SecurityInsights
// incident, the match conditions of a Cdn rule. The new name puts the resource type's singular
// first, in JSON all lower case as Azure Service Operator spells the Cdn rule's (its sample
// v2/samples/cdn/v1api20230501/v1api20230501_rule.yaml at ae18971 writes spec.ruleconditions):
// owner -> incidentowner (Go IncidentOwner), conditions -> ruleconditions (RuleConditions). It
// depends only on the resource, so it is the same in every version and every run. A property
// a $renameTo moved onto one of the names is the setting's mistake, reported at the setting.
func makeRoom(cfg *config.Config, e *selection.Export, obj *astmodel.ObjectType) (*astmodel.ObjectType, error) {
	for _, r := range Reserved {
		reserved, part := r.JSONName, r.Where
		p, clash := reservedClash(obj, reserved)
		if !clash {
			continue
		}
		prefix := loader.KindName(e.Resource.Segments[len(e.Resource.Segments)-1:])
		name := prefix + p.Name
		json := strings.ToLower(name)
		if p.Provenance.Renamed == astmodel.ByConfig {
			if pc := renameSetting(e, p); pc != nil {
				return nil, config.NewError(cfg, pc.Path+".$renameTo", pc.Pos,
					fmt.Sprintf("%s is the name of the operator's own property in every %s; choose another name", pc.RenameTo, part), json)
			}
		}
		if other, taken := takenBy(obj, name, json); taken {
			file, ptr, _ := strings.Cut(p.Source, "#")
			return nil, &loader.SpecError{File: file, Pointer: ptr,
				Message: fmt.Sprintf("property %q of %s takes the name of the operator's own %s in every %s, and %q, its usual new name, is taken by %q; give it another name with $renameTo in azure-arm.yaml",
					p.ARMName, e.Kind, reserved, part, json, other.ARMName)}
		}
		renamed := p.Copy()
		renamed.Name, renamed.JSONName = name, json
		renamed.Provenance.Renamed = astmodel.ByClash
		renamed.Provenance.ClashedWith = fmt.Sprintf("the operator's own %s in every %s", reserved, part)
		obj = obj.WithoutProperty(p.Name).WithProperties(renamed)
	}
	return obj, nil
}

// reservedClash finds the property that would meet the operator's property named json: same Go
// field or same JSON name.
func reservedClash(obj *astmodel.ObjectType, json string) (*astmodel.Property, bool) {
	goName := astmodel.ExportedName(json)
	for _, p := range obj.Properties() {
		if p.Name == goName || p.JSONName == json {
			return p, true
		}
	}
	return nil, false
}

func takenBy(obj *astmodel.ObjectType, name, json string) (*astmodel.Property, bool) {
	for _, p := range obj.Properties() {
		if p.Name == name || p.JSONName == json {
			return p, true
		}
	}
	return nil, false
}

// renameSetting is the $renameTo of the export's version that gave p its name.
func renameSetting(e *selection.Export, p *astmodel.Property) *config.PropertyConfig {
	if e.Version == nil {
		return nil
	}
	for _, tc := range e.Version.Types {
		for _, pc := range tc.Properties {
			if pc.Name == p.ARMName && pc.RenameTo != "" && astmodel.ExportedName(pc.RenameTo) == p.Name {
				return pc
			}
		}
	}
	return nil
}
