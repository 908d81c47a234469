package importer

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/armgen/armgen/internal/armkinds"
)

// maxNameLength is the longest DNS-1123 subdomain, the rule for the names of custom resources.
const maxNameLength = 253

// kubeName is the Kubernetes name of a resource (see the package documentation), recorded as
// taken for its kind.
func (im *Importer) kubeName(k armkinds.Kind, id, azureName, ownerName string) string {
	base := azureName
	if ownerName != "" {
		base = ownerName + "-" + azureName
	}
	name := dns1123(base)
	if name == "" {
		name = "imported-" + shortHash(id)
	}
	if len(name) > maxNameLength {
		name = withHash(name, id)
	}
	gk := k.GVK.GroupKind()
	used := im.names[gk]
	if used == nil {
		used = map[string]string{}
		im.names[gk] = used
	}
	if prev, taken := used[name]; taken && prev != key(id) {
		name = withHash(name, id)
	}
	used[name] = key(id)
	return name
}

// dns1123 lower-cases s and replaces every run of characters other than letters and digits
// with one '-', trimmed from both ends: a valid DNS-1123 subdomain when not longer than 253.
func dns1123(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// withHash makes a name unique to an ARM ID: the name, cut to fit, a '-' and 8 hex digits of
// the ID's hash.
func withHash(name, id string) string {
	h := shortHash(id)
	if len(name) > maxNameLength-len(h)-1 {
		name = strings.TrimRight(name[:maxNameLength-len(h)-1], "-")
	}
	return name + "-" + h
}

func shortHash(id string) string {
	sum := sha256.Sum256([]byte(key(id)))
	return hex.EncodeToString(sum[:4])
}
