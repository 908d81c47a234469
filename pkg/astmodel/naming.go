package astmodel

import "strings"

// The suffixes of derived names, as Azure Service Operator spells them. Every stage that makes
// such a name, and every tool that reads one, uses these; none spells a suffix out itself.
const (
	// SpecSuffix and StatusSuffix name a resource's spec and status types (Redis_Spec,
	// Redis_STATUS); StatusSuffix also marks every type derived for a status.
	SpecSuffix   = "_Spec"
	StatusSuffix = "_STATUS"
	// ListSuffix names a kind's list type, and its CRD's list kind (RedisList).
	ListSuffix = "List"
	// OperatorSpecSuffix names the type of a resource's spec.operatorSpec (RedisOperatorSpec).
	OperatorSpecSuffix = "OperatorSpec"
	// UnrolledSuffix names the copy of a recursive type without its recursive properties.
	UnrolledSuffix = "_Unrolled"
	// EmbeddedSuffix names the stub of a resource embedded in another resource: its ID only.
	EmbeddedSuffix = "_SubResourceEmbedded"
	// ClashSuffix is added to a derived type's name when the name is taken (numbered after the
	// first: FooType, FooType2).
	ClashSuffix = "Type"
)

// ListName is the name of a kind's list type.
func ListName(kind string) string { return kind + ListSuffix }

// OperatorSpecName is the name of a kind's operatorSpec type.
func OperatorSpecName(kind string) string { return kind + OperatorSpecSuffix }

// OperatorSecretsName and OperatorConfigMapsName name the types of a kind's
// spec.operatorSpec.secrets and spec.operatorSpec.configMaps (RedisOperatorSecrets), as ASO
// names them.
func OperatorSecretsName(kind string) string    { return kind + "OperatorSecrets" }
func OperatorConfigMapsName(kind string) string { return kind + "OperatorConfigMaps" }

// ResourceNames are every name a resource of this kind takes in its package: the resource, its
// list, its operatorSpec, spec and status types. Types derived from the swagger must not take them.
func ResourceNames(kind string) []string {
	return []string{kind, ListName(kind), OperatorSpecName(kind), OperatorSecretsName(kind), OperatorConfigMapsName(kind),
		kind + SpecSuffix, kind + StatusSuffix}
}

// UnrolledName is the name of the unrolled copy of a recursive type.
func UnrolledName(n TypeName) TypeName { return n.WithName(n.Name + UnrolledSuffix) }

// EmbeddedName is the name of the stub of an embedded resource; suffix is StatusSuffix for a
// status type, "" for a spec type.
func EmbeddedName(raw TypeName, suffix string) TypeName {
	return raw.WithName(raw.Name + suffix + EmbeddedSuffix)
}

// ReferenceName is the name ASO gives a property holding an ARM ID once it takes a reference:
// id -> Reference, subnetId -> SubnetReference, keyVault -> KeyVaultReference. A list of them
// (many is true) takes "References" whatever its name says: subnetIds -> SubnetReferences,
// databases -> DatabasesReferences, as ASO's generated types spell them.
func ReferenceName(name string, many bool) string {
	suffix := "Reference"
	if many {
		suffix = "References"
	}
	for _, idSuffix := range []string{"Ids", "Id", "ID"} {
		if strings.HasSuffix(name, idSuffix) {
			return strings.TrimSuffix(name, idSuffix) + suffix
		}
	}
	return name + suffix
}
