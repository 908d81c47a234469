package astmodel

// Property is one field of an object.
type Property struct {
	// Name is the Go field name.
	Name string
	// JSONName is the name in Kubernetes JSON.
	JSONName string
	Type     Type
	// Description is the property's documentation, one paragraph, without the name prefix.
	Description string
	// Required properties get a Required marker and are listed as required in the CRD.
	Required bool
	// ReadOnly properties come back from Azure but cannot be set; they are left out of specs.
	ReadOnly bool
	// Variant marks one variant of a union (an ObjectType with OneOf): of the properties so
	// marked, exactly one is set.
	Variant bool
	// OtherVariant marks the variant of a reported union (a status) that holds, as Azure sent
	// it, a variant this API version does not know: Azure adds variants over time, and a GET
	// must not fail for them.
	OtherVariant bool
	// ExtraKeys marks the map that holds an object's keys beyond its declared properties (swagger
	// additionalProperties beside properties): a map in Kubernetes, keys inline on the wire.
	ExtraKeys bool
	// JSONObjects says the arbitrary JSON the property holds (itself, or its map's values) is an
	// object in the swagger ({"type": "object"}): kept as JSON, as ASO keeps it, yet a value drawn
	// for it (the generated tests) must be an object, or the swagger refuses the payload.
	JSONObjects bool
	// Secret properties hold credentials; in specs they become SecretReferences.
	Secret bool
	// NotSecret keeps a property a plain value though the swagger marks it x-ms-secret or its
	// name looks like a password's ($importSecretMode: never).
	NotSecret bool
	// RemovedFromSpec says why the property is left out of specs ($removeFromSpec): Azure sets
	// it though the swagger lets users write it. Statuses keep it.
	RemovedFromSpec string
	// ARMReference properties hold the ARM ID of another resource.
	ARMReference bool
	// NotARMReference keeps a property a plain string even where it looks like an ARM ID
	// ($referenceType: simple).
	NotARMReference bool
	// WellKnownReference lets the reference name the resource by a name Azure knows it by (a
	// built-in role) as well as by ARM ID or Kubernetes name ($referenceType: arm+wellknown).
	WellKnownReference bool
	// ARMName is the property's name on the wire, which renames do not change.
	ARMName string
	// RenamedFrom is the name (JSON or wire) the property has in other API versions of its
	// type, so that conversions between versions match the two ($renamedFrom).
	RenamedFrom string
	// Flatten asks for the properties of this object to be lifted into the containing object
	// (x-ms-client-flatten).
	Flatten bool
	// Tags are extra struct tags (group and kind of an owner), beside json.
	Tags []Tag
	// FlattenedFrom is the wire path of the objects this property was lifted out of, outermost
	// first; ARM payload conversions use it to nest the value again.
	FlattenedFrom []string
	// FlattenedVia names the envelope types FlattenedFrom passes through, outermost first, so
	// the ARM wire types can declare them again under those names.
	FlattenedVia []TypeName
	// Source is where the property came from (file#/json/pointer), for explanations.
	Source string
	// Provenance records why the property has its shape.
	Provenance Provenance
	// ImportConfigMap is "optional" or "required" when the value may, or must, come from a
	// ConfigMap ($importConfigMapMode): specs then carry a <name>FromConfig twin of type
	// ConfigMapReference, beside the property or instead of it.
	ImportConfigMap string
	// FromConfigOf, on the twin of a property whose value may come from a ConfigMap, is the Go
	// name of the property it stands beside: at most one of the two is set, and ConvertToARM
	// sends whichever is. Empty on the twin that replaces its property (required mode).
	FromConfigOf string
	// PairRequired, on such a twin, says that one of the two must be set: the swagger requires
	// the property, which neither may require alone.
	PairRequired bool
	// KeyedBy, when set, makes the property a list in Kubernetes that is a map on the wire:
	// each item's reference property of this name gives the key (the ARM ID it resolves to),
	// as ASO turns identity.userAssignedIdentities into a list of references.
	KeyedBy string
}

// WithType returns a copy of p with another type.
func (p *Property) WithType(t Type) *Property {
	c := *p
	c.Type = t
	return &c
}

// WithName returns a copy of p with other Go and JSON names.
func (p *Property) WithName(name, jsonName string) *Property {
	c := *p
	c.Name, c.JSONName = name, jsonName
	return &c
}

// Copy returns a shallow copy that can be changed freely.
func (p *Property) Copy() *Property {
	c := *p
	c.FlattenedFrom = append([]string(nil), p.FlattenedFrom...)
	c.FlattenedVia = append([]TypeName(nil), p.FlattenedVia...)
	c.Provenance.NotFlattened = append([]string(nil), p.Provenance.NotFlattened...)
	return &c
}

// Tag is one extra struct tag.
type Tag struct{ Key, Value string }
