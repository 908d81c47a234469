package astmodel

import (
	"strings"
	"unicode"
)

// WireJSONName is the Kubernetes JSON name of a property Azure names wire on the wire. As Azure
// Service Operator's generated types do, it is the wire name itself (scan-interval,
// Application_Type, diskEncryptionSetID), so a manifest written for ASO keeps every value: a
// CRD prunes the keys it does not declare, without a word. Only a name Go's encoding/json
// cannot carry in a struct tag (a comma, a quote, a backslash) falls back to the name derived
// from the Go name, which is the best a Go type can do.
//
// An OData annotation's '@' (@odata.type, a polymorphic value's discriminator) is dropped, as
// ASO drops it: its manifests say odata.type.
func WireJSONName(wire string) string {
	if trimmed := strings.TrimLeft(wire, "@"); trimmed != "" {
		wire = trimmed
	}
	if validJSONTagName(wire) {
		return wire
	}
	return JSONName(ExportedName(wire))
}

// validJSONTagName mirrors encoding/json's own test of a struct tag's name: a name it refuses
// is silently replaced by the Go field name, which would split the Go type from its CRD.
func validJSONTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
