package reconciler

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"maps"
	"strings"

	"github.com/armgen/armgen/internal/drift"
	"github.com/armgen/armgen/pkg/genruntime"
)

// secretPlaces finds where in the PUT body the spec puts values read from Secrets: the body is
// made again with each such value replaced by a marker, and the places of the markers are the
// secrets' (see drift.Secrets). Drift neither records nor judges those places: Azure does not
// show a secret back. Placing secrets by value instead would take any value that contains a
// short secret's text ("1" of a Secret map is in "10") for a secret, and leave it unjudged.
// The marker holds a random nonce, so that no value a spec writes is taken for one.
func secretPlaces(spec genruntime.ARMTransformer, resolved genruntime.ConvertToARMResolvedDetails) (drift.Secrets, error) {
	if len(resolved.ResolvedSecrets) == 0 && len(resolved.ResolvedSecretMaps) == 0 {
		return drift.Secrets{}, nil
	}
	nonce := make([]byte, 12)
	if _, err := rand.Read(nonce); err != nil {
		return drift.Secrets{}, err
	}
	marker := "armgen-secret-" + hex.EncodeToString(nonce)
	marked := resolved
	marked.ResolvedSecrets = map[genruntime.SecretReference]string{}
	for ref := range resolved.ResolvedSecrets {
		marked.ResolvedSecrets[ref] = marker
	}
	marked.ResolvedSecretMaps = map[genruntime.SecretMapReference]map[string]string{}
	for ref, m := range resolved.ResolvedSecretMaps {
		mm := maps.Clone(m)
		for k := range mm {
			mm[k] = marker
		}
		marked.ResolvedSecretMaps[ref] = mm
	}
	payload, err := spec.ConvertToARM(marked)
	if err != nil {
		return drift.Secrets{}, err
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return drift.Secrets{}, err
	}
	return drift.SecretPaths(body, func(s string) bool { return strings.Contains(s, marker) })
}
