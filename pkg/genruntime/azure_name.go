package genruntime

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"
)

// AzureNameDefaulter is implemented by kinds whose Azure name, when spec.azureName is empty, is
// not metadata.name. Azure names a role assignment by a GUID, so its azureName defaults to a
// stable UUID (version 5) of the object's name, namespace, kind and owner: the name Azure Service
// Operator's admission webhook gives it, so a manifest moved from ASO keeps its Azure resource.
//
// The operator calls DefaultAzureName when it claims an object whose AzureName() is empty and,
// when the answer is not empty, records it with SetAzureName (in the same write as the finalizer),
// so that the name never changes afterwards, whatever later happens to the owner.
//
// +kubebuilder:object:generate=false
type AzureNameDefaulter interface {
	// DefaultAzureName returns the Azure name of an object whose spec.azureName is empty; "" while
	// it has no owner, on which the name depends.
	DefaultAzureName() string
	// SetAzureName records name in spec.azureName.
	SetAzureName(name string)
}

// uuidNamespace is the UUID namespace Azure Service Operator derives stable names in
// (9a329043-7ad7-4b1c-812f-9c7a93d6392a): the same namespace and seed give the same name.
var uuidNamespace = [16]byte{0x9a, 0x32, 0x90, 0x43, 0x7a, 0xd7, 0x4b, 0x1c, 0x81, 0x2f, 0x9c, 0x7a, 0x93, 0xd6, 0x39, 0x2a}

// StableUUIDName returns name when it is a UUID already (users may name the object as the
// Azure resource is named), else the UUID (version 5, RFC 4122 section 4.3) of seed.
func StableUUIDName(name, seed string) string {
	if isUUID(name) {
		return name
	}
	h := sha1.New()
	h.Write(uuidNamespace[:])
	h.Write([]byte(seed))
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50 // version 5
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	var b strings.Builder
	for i, part := range [][]byte{u[0:4], u[4:6], u[6:8], u[8:10], u[10:16]} {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(hex.EncodeToString(part))
	}
	return b.String()
}

// OwnerScopedSeed is the seed of an object's stable UUID name: its owner (group/kind:namespace/name
// of a Kubernetes owner, in the object's namespace, or an owner's ARM ID), then its own
// kind/group and namespace/name, joined by colons. The order and separators are ASO's, down to
// kind before group for the object itself, so that the names agree.
func OwnerScopedSeed(owner *ResourceReference, group, kind, namespace, name string) string {
	var parts []string
	if owner != nil {
		switch {
		case owner.IsDirectARMReference():
			parts = append(parts, owner.ARMID)
		case owner.IsKubernetesReference():
			parts = append(parts, owner.Group+"/"+owner.Kind+":"+namespace+"/"+owner.Name)
		}
	}
	parts = append(parts, kind+"/"+group, namespace+"/"+name)
	return strings.Join(parts, ":")
}

// isUUID tells the textual forms of a UUID a Kubernetes name can take: 8-4-4-4-12 hexadecimal
// digits, or 32 digits without hyphens.
func isUUID(s string) bool {
	switch len(s) {
	case 32:
		_, err := hex.DecodeString(s)
		return err == nil
	case 36:
		for i := range len(s) {
			switch i {
			case 8, 13, 18, 23:
				if s[i] != '-' {
					return false
				}
			default:
				if !isHexDigit(s[i]) {
					return false
				}
			}
		}
		return true
	}
	return false
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
