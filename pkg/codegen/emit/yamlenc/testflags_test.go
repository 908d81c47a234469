package yamlenc

// Accept the module-wide test flags (-update), so go test ./pkg/codegen/... -update runs everywhere.
import _ "github.com/armgen/armgen/internal/testflags"
