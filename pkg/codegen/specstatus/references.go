package specstatus

import "github.com/armgen/armgen/pkg/astmodel"

// referenceReason says why a spec property holding a string is the ARM ID of another resource,
// or "" when it is not one: the swagger says so (format: arm-id), the config does
// ($referenceType: arm), or it is a writable "id" (a sub-resource reference), unless the config
// keeps it a string ($referenceType: simple).
func referenceReason(p *astmodel.Property) astmodel.Reason {
	switch {
	case p.ARMReference && p.Provenance.Reference != "":
		return p.Provenance.Reference
	case p.ARMReference:
		return astmodel.BySwagger
	case p.ARMName == "id" && astmodel.Unwrap(p.Type) == astmodel.StringType && !p.NotARMReference:
		return astmodel.ByName
	}
	return ""
}

// referenceProperty makes an ARM ID property (or a list of them) a resource reference, renamed
// the way ASO does (astmodel.ReferenceName), and records why.
func referenceProperty(p *astmodel.Property, why astmodel.Reason) *astmodel.Property {
	switch t := astmodel.Unwrap(p.Type).(type) {
	case astmodel.PrimitiveType:
		if t != astmodel.StringType {
			return p
		}
		p.Type = astmodel.OptionalType{Element: referenceType(p)}
	case astmodel.ArrayType:
		if astmodel.Unwrap(t.Element) != astmodel.StringType {
			return p
		}
		p.Type = astmodel.ArrayType{Element: referenceType(p)}
	default:
		return p
	}
	_, many := p.Type.(astmodel.ArrayType)
	p.ARMReference = true
	p.Provenance.Reference = why
	name := astmodel.ReferenceName(p.Name, many)
	return p.WithName(name, astmodel.JSONName(name))
}

// referenceType is the type a reference property takes: one that also takes a name Azure knows
// the resource by where the config says so ($referenceType: arm+wellknown), as ASO's does.
func referenceType(p *astmodel.Property) astmodel.TypeName {
	if p.WellKnownReference {
		return astmodel.WellKnownReferenceType
	}
	return astmodel.ResourceReferenceType
}
