package docs

// Accept the module-wide test flags (-update), so go test ./... -update runs everywhere.
import _ "github.com/armgen/armgen/internal/testflags"
