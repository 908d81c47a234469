package astmodel

import (
	"strings"
	"unicode"
)

// ExportedName turns a swagger identifier into a Go identifier: characters that cannot appear in
// an identifier become word breaks, and each word starts upper case (provisioning-state ->
// ProvisioningState, ipv6 -> Ipv6, 2xx -> X2Xx).
func ExportedName(s string) string {
	var b strings.Builder
	upper := true
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			upper = true
			continue
		}
		if upper {
			r = unicode.ToUpper(r)
			upper = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if out == "" {
		return "Empty"
	}
	if unicode.IsDigit(rune(out[0])) {
		out = "X" + out
	}
	return out
}

// JSONName lower-cases the leading word of a name the way Kubernetes JSON spells it, keeping an
// initial acronym together: IPAddress -> ipAddress, ID -> id, enableSsl -> enableSsl.
func JSONName(name string) string {
	runes := []rune(name)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) {
		n-- // the last capital starts the next word
	}
	return strings.ToLower(string(runes[:n])) + string(runes[n:])
}

// VersionName maps an ARM api-version to a Kubernetes version: 2021-01-01-preview ->
// v1api20210101preview.
func VersionName(apiVersion string) string {
	var b strings.Builder
	b.WriteString("v1api")
	for _, r := range apiVersion {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// IsPreview reports whether an api-version is a preview: anything after the date
// (2021-01-01-preview, 2021-01-01-beta) makes it one.
func IsPreview(apiVersion string) bool {
	return strings.Count(apiVersion, "-") > 2
}
