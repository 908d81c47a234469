package specstatus

import (
	"github.com/armgen/armgen/pkg/astmodel"
)

// otherVariantName is the status property that keeps a variant this API version does not know.
const otherVariantName = "OtherVariant"

// reported turns a status union into one of values Azure reports. Azure adds variants to a
// union over time and returns them to clients of older API versions, and it compares
// discriminator values without regard to case. A GET must not fail for either, or the resource
// could never be Ready nor be imported again: the union holds at most one variant, and a value
// whose discriminator names none of the known ones is kept whole, as Azure sent it, in
// otherVariant (free-form JSON). ASO leaves such a value out silently; keeping it lets users see
// it. Specs keep exactly one known variant: a value we cannot describe cannot be sent.
func reported(o *astmodel.ObjectType) *astmodel.ObjectType {
	c := o.WithProperties()
	c.Reported = true
	if _, taken := c.Property(otherVariantName); taken {
		return c
	}
	if _, taken := c.PropertyByJSON(astmodel.JSONName(otherVariantName)); taken {
		return c
	}
	return c.WithProperties(&astmodel.Property{
		Name:         otherVariantName,
		JSONName:     astmodel.JSONName(otherVariantName),
		Type:         astmodel.OptionalType{Element: astmodel.JSONType},
		Description:  "a variant this API version does not know (Azure's " + o.Discriminator + " names none of the others), kept as Azure sent it.",
		ARMName:      o.Discriminator + "=*",
		Variant:      true,
		OtherVariant: true,
	})
}
