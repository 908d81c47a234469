package armfake

import (
	"encoding/json"
	"strconv"

	"github.com/go-openapi/spec"
)

// numericEnum gives an integer or number schema whose enum the swagger writes as strings
// ("12", "24": a SQL short-term retention policy's diffBackupIntervalInHours) the numbers those
// strings spell. Azure takes the numbers the type declares; left as strings, no JSON number would
// ever match the enum, and every request setting the property would be refused.
func numericEnum(s *spec.Schema) []any {
	t := typeOf(s)
	if len(s.Enum) == 0 || (t != "integer" && t != "number") {
		return s.Enum
	}
	out := make([]any, len(s.Enum))
	for i, v := range s.Enum {
		str, ok := v.(string)
		if !ok {
			out[i] = v
			continue
		}
		if _, err := strconv.ParseFloat(str, 64); err != nil {
			out[i] = v // not a number: leave it, and the value is refused as the swagger says
			continue
		}
		out[i] = json.Number(str)
	}
	return out
}
