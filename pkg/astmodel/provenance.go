package astmodel

// Reason says what decided a property's shape; stages record it where they decide, so that tools
// explaining the shape (gen explain) read the decision instead of guessing it back.
type Reason string

// The reasons.
const (
	// BySwagger: the swagger marks it (x-ms-secret, format: arm-id).
	BySwagger Reason = "swagger"
	// ByName: its name (a password-like name for a secret; "id" for a reference).
	ByName Reason = "name"
	// ByConfig: a setting in azure-arm.yaml ($isSecret, $referenceType, $renameTo).
	ByConfig Reason = "config"
	// ByEmbedding: it is the ID of a resource embedded in another resource.
	ByEmbedding Reason = "embedding"
	// ByClash: its name would have met another property's (the operator's own owner or
	// conditions, another wire name with the same Go name, a generated method), so the
	// generator gave it a new one; Provenance.ClashedWith says which.
	ByClash Reason = "clash"
	// ByFlattening: lifted out of an envelope beside a same-named property, so it carries the
	// envelope's name in front (properties.type becomes propertiesType, as in ASO).
	ByFlattening Reason = "flattening"
	// ByCycleDepth: it leads back into a recursive type whose unrolled copy would make the CRD
	// too large, so it holds the deeper levels as arbitrary JSON, sent to Azure as written.
	ByCycleDepth Reason = "cycle-depth"
)

// Provenance records why a property has its shape, beyond the swagger's own declaration.
// FlattenedFrom, on Property, records lifting.
type Provenance struct {
	// Secret says why the property is a secret (a SecretReference in specs, absent in status).
	Secret Reason
	// Reference says why the property takes a resource reference in specs.
	Reference Reason
	// Renamed says why the JSON name differs from the wire name, when a setting or a clash
	// renamed it.
	Renamed Reason
	// ClashedWith, when Renamed is ByClash, names what the property's own name would have met.
	ClashedWith string
	// Flatten says who decided whether the property's object is lifted: the swagger
	// (x-ms-client-flatten) when empty, or the config ($flatten).
	Flatten Reason
	// NotFlattened names the property's own properties whose names clashed with neighbours
	// even when prefixed with the envelope's name (propertiesType), which kept it nested
	// although it is a flattening candidate.
	NotFlattened []string
	// JSON says why the property holds arbitrary JSON where the swagger gives a schema.
	JSON Reason
}

// Derivation says how a definition was derived from another.
type Derivation string

// The derivations.
const (
	// Unrolled: a copy of a recursive type without its recursive properties (break-cycles).
	Unrolled Derivation = "unrolled"
	// Embedded: the stub, ID only, of a resource embedded in another (split-spec-status).
	Embedded Derivation = "embedded"
	// StorageTwin: the storage version of an API type (create-storage-types).
	StorageTwin Derivation = "storage-twin"
	// Renamed: a type renamed by $renameTo (apply-config).
	Renamed Derivation = "renamed"
	// KeyedList: the item of a list that is a map keyed by reference on the wire
	// (split-spec-status); From is the object holding the list.
	KeyedList Derivation = "keyed-list"
)

// Origin records what a definition was derived from and how; zero for a definition translated
// from the swagger as it is.
type Origin struct {
	Derivation Derivation
	// From is the definition it was derived from (for Renamed, under its swagger name).
	From TypeName
	// LeftOut, for an Unrolled copy, are the properties of From the copy leaves out because
	// they lead back to From: the cycle's cut, kept so that the audit and explanations can name
	// what the copy does not hold and why.
	LeftOut []*Property
}
