package configapply

import "github.com/armgen/armgen/pkg/astmodel"

// holdsSecret tells the types $isSecret can turn into a Secret's value, as split-spec-status
// does (specstatus' isSecret and isSecretMap): a string becomes a SecretReference, a map of
// strings (or of free-form values, as protectedSettings is declared) a SecretMapReference. On
// anything else (an enum, a number, an object) the spec would keep the value inline while the
// status left it out: a secret in the resource, which the setting was written to prevent.
func holdsSecret(t astmodel.Type) bool {
	switch u := astmodel.Unwrap(t).(type) {
	case astmodel.MapType:
		v := astmodel.Unwrap(u.Value)
		return astmodel.Unwrap(u.Key) == astmodel.StringType && (v == astmodel.StringType || v == astmodel.JSONType)
	default:
		return u == astmodel.StringType
	}
}
