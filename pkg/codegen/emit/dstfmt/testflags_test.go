package dstfmt_test

// Accept the module-wide test flags (-update), so make golden (go test ./pkg/codegen/... -update)
// runs here too.
import _ "github.com/armgen/armgen/internal/testflags"
