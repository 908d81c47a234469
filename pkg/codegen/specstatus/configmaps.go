package specstatus

import "github.com/armgen/armgen/pkg/astmodel"

// configMapTag pairs a property with its <name>FromConfig twin in Go struct tags, as Azure
// Service Operator tags them; tools that read values by reflection (the generated tests) find
// the pair through it.
const configMapTag = "optionalConfigMapPair"

// configMapProperties gives a spec property whose value may come from a ConfigMap
// ($importConfigMapMode) its <name>FromConfig twin, a ConfigMapReference sent as the property
// on the wire: with required, the twin replaces the property (and is required when it was);
// with optional, both are there, neither required alone, and the object's rules (see
// astmodel.ConfigMapPairRules) let at most one be set, exactly one when the property was
// required. Other properties come back as they are.
func configMapProperties(p *astmodel.Property) []*astmodel.Property {
	if p.ImportConfigMap == "" {
		return []*astmodel.Property{p}
	}
	twin := p.Copy()
	twin.Name, twin.JSONName = p.Name+astmodel.FromConfigSuffix, p.JSONName+astmodel.FromConfigSuffix
	twin.Type = astmodel.OptionalType{Element: astmodel.ConfigMapReferenceType}
	twin.ImportConfigMap = ""
	if p.RenamedFrom != "" {
		twin.RenamedFrom = p.RenamedFrom + astmodel.FromConfigSuffix
	}
	if p.ImportConfigMap != "optional" {
		return []*astmodel.Property{twin}
	}
	plain := p.Copy()
	plain.Required, twin.Required = false, false
	twin.FromConfigOf, twin.PairRequired = p.Name, p.Required
	tag := astmodel.Tag{Key: configMapTag, Value: p.Name}
	plain.Tags = append(plain.Tags, tag)
	twin.Tags = append(twin.Tags, tag)
	return []*astmodel.Property{plain, twin}
}
