package specstatus

import (
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// isSecret tells a string property that holds a credential: marked x-ms-secret (or $isSecret),
// or named like a password. Specs take a SecretReference for it; statuses leave it out.
func isSecret(p *astmodel.Property) bool {
	return (p.Secret || passwordLike(p.ARMName)) && astmodel.Unwrap(p.Type) == astmodel.StringType
}

// leftOutOfStatus tells a property a status does not have: Azure never returns secrets, of
// whatever type the swagger marks them.
func leftOutOfStatus(p *astmodel.Property) bool {
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
