package armfake

import "strings"

// hiddenInRead is a property holding keys that a service shows in the answer to the write
// that made them but never in a GET (or a list): there it is null, or absent. Properties the
// swagger marks x-ms-secret are left out of every answer already (stripWriteOnly); these are
// the ones a swagger leaves unmarked.
type hiddenInRead struct {
	armType string
	path    string
	// null answers the property as null (absent otherwise).
	null   bool
	source recording
}

var hiddenInReads = []hiddenInRead{
	{armType: "Microsoft.Cache/redis", path: "properties.accessKeys", null: true, source: recRedis},
}

// hideKeysInRead applies hiddenInReads to a resource rendered for a read.
func hideKeysInRead(out map[string]any, armType string) {
	for _, h := range hiddenInReads {
		if !strings.EqualFold(h.armType, armType) {
			continue
		}
		visitPath(out, h.path, func(parent map[string]any, key string) {
			if h.null {
				parent[key] = nil
			} else {
				delete(parent, key)
			}
		})
	}
}
