package specstatus

import "github.com/armgen/armgen/pkg/astmodel"

// userAssignedIdentities turns, in specs, the map of user-assigned identities keyed by ARM ID
// (identity.userAssignedIdentities, whose values Azure fills) into a list of references, as
// Azure Service Operator does, so that an identity can be named by its Kubernetes name; the wire
// keeps the map, keyed by the ARM IDs the references resolve to.
func (sp *splitter) userAssignedIdentities(p *astmodel.Property, holder astmodel.TypeName) *astmodel.Property {
	m, ok := astmodel.Unwrap(p.Type).(astmodel.MapType)
	if !ok || p.ARMName != "userAssignedIdentities" || astmodel.Unwrap(m.Key) != astmodel.StringType {
		return p
	}
	details, made := sp.keyed[holder.Package]
	if !made {
		details = sp.claim(holder.Package.TypeName("UserAssignedIdentityDetails"))
		sp.keyed[holder.Package] = details
		sp.out[details] = astmodel.Definition{
			Name: details, Origin: astmodel.Origin{Derivation: astmodel.KeyedList, From: holder},
			Description: "a user-assigned identity, by reference",
			Type: astmodel.NewObjectType(&astmodel.Property{
				Name: "Reference", JSONName: "reference", Required: true,
				Type:        astmodel.OptionalType{Element: astmodel.ResourceReferenceType},
				Description: "the identity, by Kubernetes group, kind and name (a UserAssignedIdentity) or by ARM ID",
				Provenance:  astmodel.Provenance{Reference: astmodel.ByName},
			}),
		}
	}
	c := p.Copy()
	c.Type, c.KeyedBy = astmodel.ArrayType{Element: details}, "Reference"
	return c
}
