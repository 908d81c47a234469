package loader

import (
	"strings"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// nearestRef suggests a corrected $ref: the same ref with the nearest existing name.
func nearestRef(ref, name string, names []string) string {
	n := config.Nearest(name, names)
	if n == "" {
		return ""
	}
	i := strings.LastIndex(ref, "/")
	return ref[:i+1] + escapePointer(n)
}
