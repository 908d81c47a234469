package testsupport

import (
	"flag"
	"io"
	"os"
	"strconv"
	"sync"

	"k8s.io/klog/v2"
)

// LogEnv, when set, lets an API server's own log through to stderr, at the verbosity it holds
// when that is a number; otherwise the log is discarded, as it is long and only of use when
// debugging the server itself.
const LogEnv = "ARMGEN_APISERVER_LOG"

var klogOnce sync.Once

// SetUpKlog applies LogEnv to klog, once per process. Discarding means neither stderr (where
// errors go whatever the output, unless the threshold is raised) nor files, and verbosity 0,
// so that nothing is formatted only to be thrown away.
func SetUpKlog() {
	klogOnce.Do(func() {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		klog.InitFlags(fs)
		env, set := os.LookupEnv(LogEnv)
		if !set || env == "" {
			_ = fs.Set("v", "0")
			_ = fs.Set("logtostderr", "false")
			_ = fs.Set("alsologtostderr", "false")
			_ = fs.Set("stderrthreshold", "FATAL")
			klog.SetOutput(io.Discard)
			return
		}
		if _, err := strconv.Atoi(env); err == nil {
			_ = fs.Set("v", env)
		}
	})
}
