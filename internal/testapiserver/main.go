package testapiserver

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Main is for TestMain: it starts one server for all the tests of a package, calls setup with
// it (to install CRDs, say, which is slow enough to do only once), runs the tests and stops the
// server. It returns the exit code for os.Exit. A failed start or setup fails the whole binary
// with the server's log.
//
//	var server *testapiserver.Server
//
//	func TestMain(m *testing.M) {
//		os.Exit(testapiserver.Main(m, func(ctx context.Context, s *testapiserver.Server) error {
//			server = s
//			return s.InstallCRDs(ctx, crds)
//		}))
//	}
func Main(m *testing.M, setup func(context.Context, *Server) error) (code int) {
	flag.Parse()
	tb := &mainTB{name: "TestMain"}
	defer func() {
		tb.runCleanups()
		if code == 0 && tb.Failed() {
			fmt.Fprintf(os.Stderr, "testapiserver: the API server or etcd reported errors:\n%s", tb.logs())
			code = 1
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := tb.run(func() {
		start := time.Now()
		s := Start(tb)
		tb.Logf("testapiserver: etcd and the API server started in %s", time.Since(start).Round(time.Millisecond))
		start = time.Now()
		if err := setup(ctx, s); err != nil {
			tb.Fatalf("setup: %v", err)
		}
		tb.Logf("testapiserver: setup took %s", time.Since(start).Round(time.Millisecond))
	}); err != nil {
		fmt.Fprintf(os.Stderr, "testapiserver: %v\n%s", err, tb.logs())
		return 1
	}
	if testing.Verbose() {
		fmt.Fprint(os.Stderr, tb.logs())
	}
	return m.Run()
}

// errFailNow stops the function mainTB.run runs, as runtime.Goexit stops a test.
var errFailNow = errors.New("FailNow")

// mainTB stands in for a *testing.T where there is none: TestMain. It records logs, failures
// and cleanups; FailNow ends the function passed to run. The embedded nil TB only supplies the
// interface's unexported method; every exported method is defined here.
type mainTB struct {
	testing.TB
	name string

	mu       sync.Mutex
	log      strings.Builder
	failed   bool
	cleanups []func()
	tempDirs []string
}

func (t *mainTB) run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errFailNow {
				panic(r)
			}
			err = errors.New("TestMain setup failed")
		}
	}()
	f()
	return nil
}

func (t *mainTB) logs() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.log.String()
}

func (t *mainTB) runCleanups() {
	for {
		t.mu.Lock()
		if len(t.cleanups) == 0 {
			t.mu.Unlock()
			break
		}
		f := t.cleanups[len(t.cleanups)-1]
		t.cleanups = t.cleanups[:len(t.cleanups)-1]
		t.mu.Unlock()
		f()
	}
	for _, d := range t.tempDirs {
		_ = os.RemoveAll(d)
	}
}

func (t *mainTB) Cleanup(f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cleanups = append(t.cleanups, f)
}

func (t *mainTB) Log(args ...any) { t.Logf("%s", fmt.Sprintln(args...)) }

func (t *mainTB) Logf(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	line := fmt.Sprintf(format, args...)
	t.log.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		t.log.WriteString("\n")
	}
}

func (t *mainTB) Error(args ...any)                 { t.Log(args...); t.Fail() }
func (t *mainTB) Errorf(format string, args ...any) { t.Logf(format, args...); t.Fail() }
func (t *mainTB) Fatal(args ...any)                 { t.Log(args...); t.FailNow() }
func (t *mainTB) Fatalf(format string, args ...any) { t.Logf(format, args...); t.FailNow() }
func (t *mainTB) Skip(args ...any)                  { t.Fatal(append([]any{"skip in TestMain:"}, args...)...) }
func (t *mainTB) Skipf(format string, args ...any)  { t.Fatalf("skip in TestMain: "+format, args...) }
func (t *mainTB) SkipNow()                          { t.Fatal("skip in TestMain") }
func (t *mainTB) Skipped() bool                     { return false }
func (t *mainTB) Helper()                           {}
func (t *mainTB) Name() string                      { return t.name }
func (t *mainTB) Attr(key, value string)            { t.Logf("attr %s=%s", key, value) }
func (t *mainTB) Output() io.Writer                 { return logWriter{t} }
func (t *mainTB) Context() context.Context          { return context.Background() }

func (t *mainTB) Fail() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failed = true
}

func (t *mainTB) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}

func (t *mainTB) FailNow() {
	t.Fail()
	panic(errFailNow)
}

func (t *mainTB) Setenv(key, value string) {
	old, had := os.LookupEnv(key)
	if err := os.Setenv(key, value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if had {
			_ = os.Setenv(key, old)
		} else {
			_ = os.Unsetenv(key)
		}
	})
}

func (t *mainTB) Chdir(dir string) {
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(old) })
}

func (t *mainTB) TempDir() string {
	d, err := os.MkdirTemp("", "testapiserver-")
	if err != nil {
		t.Fatal(err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tempDirs = append(t.tempDirs, d)
	return d
}

func (t *mainTB) ArtifactDir() string { return t.TempDir() }

type logWriter struct{ t *mainTB }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Logf("%s", p)
	return len(p), nil
}

func createOptions() metav1.CreateOptions {
	return metav1.CreateOptions{FieldValidation: metav1.FieldValidationStrict}
}

func listOptions() metav1.ListOptions { return metav1.ListOptions{} }

func joinLines(lines []string) string { return strings.Join(lines, "\n  ") }
