package testsupport

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

// Main is for TestMain: it calls setup with a MainTB named name (to start a server, say, whose
// cleanups the MainTB keeps), runs the tests, then the cleanups. It returns the exit code for
// os.Exit. A setup that fails, or anything reported through the MainTB while the tests ran (an
// etcd error, say), fails the whole binary and prints what was logged.
func Main(m *testing.M, name string, setup func(tb testing.TB)) (code int) {
	flag.Parse()
	tb := NewMainTB(name)
	defer func() {
		tb.RunCleanups()
		if code == 0 && tb.Failed() {
			fmt.Fprintf(os.Stderr, "%s: errors reported outside any test:\n%s", name, tb.Logs())
			code = 1
		}
	}()
	if err := tb.Run(func() { setup(tb) }); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n%s", name, err, tb.Logs())
		return 1
	}
	if testing.Verbose() {
		fmt.Fprint(os.Stderr, tb.Logs())
	}
	return m.Run()
}
