package bench_test

import (
	"os"
	"testing"

	"github.com/go-logr/logr"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
)

// setUpLogging sends the operator's log to the file ARMGEN_BENCH_LOG names, as JSON lines with
// timestamps (to see where a slow run spends its time), else nowhere: a thousand resources log
// tens of thousands of lines, which would cost the run CPU and fill the output. A controller run
// as a process appends its own log to the same file.
func setUpLogging(b *testing.B) {
	path := os.Getenv("ARMGEN_BENCH_LOG")
	if path == "" {
		ctrllog.SetLogger(logr.Discard())
		return
	}
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = f.Close() })
	ctrllog.SetLogger(zap.New(zap.WriteTo(f), zap.UseDevMode(false)))
	b.Logf("operator log: %s", path)
}
