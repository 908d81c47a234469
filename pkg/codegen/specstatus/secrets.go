package specstatus

import (
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// isSecret tells a string property that holds a credential: marked x-ms-secret (or $isSecret),
// or named like a password. Specs take a SecretReference for it; statuses leave it out.
func isSecret(p *astmodel.Property) bool {
	return !p.NotSecret && (p.Secret || passwordLike(p.ARMName)) && astmodel.Unwrap(p.Type) == astmodel.StringType
}

// isSecretMap tells a map property whose values are all credentials (a VM extension's
// protectedSettings, an extension's configurationProtectedSettings): marked x-ms-secret (or
// $isSecret) on the map itself. Specs take a SecretMapReference for it, a whole Secret whose
// keys become the map's, so no value sits in the resource.
func isSecretMap(p *astmodel.Property) bool {
	if !p.Secret {
		return false
	}
	m, ok := astmodel.Unwrap(p.Type).(astmodel.MapType)
	return ok && astmodel.Unwrap(m.Key) == astmodel.StringType && secretMapValue(astmodel.Unwrap(m.Value))
}

// secretMapValue tells a map value a Secret's value can stand for: a string, or free-form JSON
// (protectedSettings is declared an untyped object; ASO sends its values as strings).
func secretMapValue(t astmodel.Type) bool {
	return t == astmodel.StringType || t == astmodel.JSONType
}

// leftOutOfStatus tells a property a status does not have: Azure never returns secrets, of
// whatever type the swagger marks them.
func leftOutOfStatus(p *astmodel.Property) bool {
	if p.NotSecret {
		return false
	}
	return p.Secret || passwordLike(p.ARMName) && astmodel.Unwrap(p.Type) == astmodel.StringType
}

// passwordLike tells credential inputs that specs often forget to mark x-ms-secret
// (adminPassword, servicePrincipalProfile.secret, serverAppSecret): a Kubernetes user keeps
// them in a Secret, never in the resource.
func passwordLike(armName string) bool {
	n := strings.ToLower(armName)
	return strings.HasSuffix(n, "password") || strings.HasSuffix(n, "secret")
}

// secretProperty makes p a reference to a key of a Kubernetes Secret, recording why.
func secretProperty(p *astmodel.Property) *astmodel.Property {
	p.Type = astmodel.OptionalType{Element: astmodel.SecretReferenceType}
	switch {
	case p.Provenance.Secret != "":
	case p.Secret:
		p.Provenance.Secret = astmodel.BySwagger
	default:
		p.Provenance.Secret = astmodel.ByName
	}
	return p
}

// secretMapProperty makes p a reference to a whole Kubernetes Secret, recording why.
func secretMapProperty(p *astmodel.Property) *astmodel.Property {
	p.Type = astmodel.OptionalType{Element: astmodel.SecretMapReferenceType}
	if p.Provenance.Secret == "" {
		p.Provenance.Secret = astmodel.BySwagger
	}
	return p
}
