package astmodel

// TypeName names a type in a package. It is also a Type: a reference to the named definition.
type TypeName struct {
	Package PackageReference
	Name    string
}

// MakeTypeName builds a TypeName.
func MakeTypeName(pkg PackageReference, name string) TypeName {
	return TypeName{Package: pkg, Name: name}
}

func (TypeName) isType() {}

func (t TypeName) String() string { return t.Package.String() + "." + t.Name }

// WithName returns the same package with another name.
func (t TypeName) WithName(name string) TypeName { return TypeName{Package: t.Package, Name: name} }

// Less orders type names by package, then name.
func (t TypeName) Less(o TypeName) bool {
	if t.Package.Path != o.Package.Path {
		return t.Package.Path < o.Package.Path
	}
	return t.Name < o.Name
}

// Well-known external types.
var (
	KnownResourceReferenceType  = MakeTypeName(GenRuntimePackage, "KnownResourceReference")
	ArbitraryOwnerReferenceType = MakeTypeName(GenRuntimePackage, "ArbitraryOwnerReference")
	ResourceReferenceType       = MakeTypeName(GenRuntimePackage, "ResourceReference")
	WellKnownReferenceType      = MakeTypeName(GenRuntimePackage, "WellKnownResourceReference")
	SecretReferenceType         = MakeTypeName(GenRuntimePackage, "SecretReference")
	SecretMapReferenceType      = MakeTypeName(GenRuntimePackage, "SecretMapReference")
	ConfigMapReferenceType      = MakeTypeName(GenRuntimePackage, "ConfigMapReference")
	SecretDestinationType       = MakeTypeName(GenRuntimePackage, "SecretDestination")
	ConfigMapDestinationType    = MakeTypeName(GenRuntimePackage, "ConfigMapDestination")
	DestinationExpressionType   = MakeTypeName(GenRuntimePackage, "DestinationExpression")
	PropertyBagType             = MakeTypeName(GenRuntimePackage, "PropertyBag")
	ConditionType               = MakeTypeName(ConditionsPackage, "Condition")
	JSONType                    = MakeTypeName(APIExtensionsPackage, "JSON")
	ObjectMetaType              = MakeTypeName(MetaV1Package, "ObjectMeta")
	TypeMetaType                = MakeTypeName(MetaV1Package, "TypeMeta")
	ListMetaType                = MakeTypeName(MetaV1Package, "ListMeta")
)
